// Generated from mock/shared/token-table.ts (the service's token table) by
// mock/merchant-api/token-types.ts. Do not edit: change the table, then run
// `npx vitest run -u test/unit/token-table.test.ts`.

/**
 * The body of a token request (`POST /merchant/v2/merchants/{merchant_id}/token`): every
 * parameter of the service's token table. The service refuses parameters it does not list
 * (HTTP 422), except inside `user.attributes` and `custom_parameters`.
 */
export interface TokenRequest {
  user: {
    id: {
      value: string;
    };
    name?: {
      /** Screen name */
      value?: string;
    };
    email: {
      /** Valid per RFC 822; a missing value can lower acceptance */
      value: string;
    };
    phone?: {
      value?: string;
    };
    country?: {
      /** ISO 3166-1 alpha-2, uppercase */
      value?: string;
      /** Default false */
      allow_modify?: boolean;
    };
    /** Key-value pairs to filter the item list */
    attributes?: Record<string, unknown>;
    steam_id?: {
      value?: string;
    };
    tracking_id?: {
      value?: string;
    };
    public_id?: {
      /** Identifier known to the user; allows purchases through cash kiosks */
      value?: string;
    };
    /** Traffic attributes */
    utm?: {
      utm_source?: string;
      utm_medium?: string;
      utm_campaign?: string;
      utm_term?: string;
      utm_content?: string;
    };
    is_legal?: boolean;
    /** All required when `user.is_legal` is true */
    legal?: {
      /** Required when `user.is_legal` is true. */
      name?: string;
      /** Required when `user.is_legal` is true. */
      address?: string;
      /** Required when `user.is_legal` is true. */
      vat_id?: string;
      /** ISO 3166-1 alpha-2, uppercase Required when `user.is_legal` is true. */
      country?: string;
    };
  };
  settings: {
    project_id: number;
    /** Transaction external ID */
    external_id?: string;
    /** Two-letter, lowercase */
    language?: string;
    /** The parameters user_id, foreigninvoice, invoice_id and status are appended */
    return_url?: string;
    /** ISO 4217 */
    currency?: string;
    /** `sandbox` for testing */
    mode?: 'sandbox';
    /** Payment method ID */
    payment_method?: number;
    payment_widget?: 'paybycash' | 'giftcard';
    ui?: {
      theme?: 'default' | 'default_dark';
      /** Allowed values are not listed by the service; the mock accepts any string */
      size?: string;
      /** `desktop` (default) or `mobile` */
      version?: 'desktop' | 'mobile';
      /** Desktop only */
      mode?: 'user_account';
      /** Link to the EULA */
      license_url?: string;
      header?: {
        /** Default true */
        visible_virtual_currency_balance?: boolean;
      };
      desktop?: {
        header?: {
          is_visible?: boolean;
          visible_logo?: boolean;
          visible_name?: boolean;
          /** Default true */
          visible_purchase?: boolean;
          /** `normal` (default) or `compact` */
          type?: 'compact' | 'normal';
          /** Default false; redirects to settings.return_url */
          close_button?: boolean;
        };
        subscription_list?: {
          /** `list` (default) or `grid` */
          layout?: 'list' | 'grid';
          description?: string;
          display_local_price?: boolean;
        };
        virtual_item_list?: {
          /** `list` (default) or `grid` */
          layout?: 'list' | 'grid';
          /** Default false */
          button_with_price?: boolean;
          /** `vertical` (default) or `horizontal_navigation` */
          view?: 'horizontal_navigation' | 'vertical';
        };
        virtual_currency_list?: {
          description?: string;
          /** Default false */
          button_with_price?: boolean;
        };
      };
      mobile?: {
        mode?: 'saved_accounts';
        header?: {
          /** Default false */
          close_button?: boolean;
        };
        footer?: {
          is_visible?: boolean;
        };
      };
      components?: {
        virtual_items?: {
          order?: number;
          hidden?: boolean;
          selected_group?: string;
          /** Item SKU */
          selected_item?: string;
        };
        virtual_currency?: {
          custom_amount?: boolean;
          order?: number;
          hidden?: boolean;
        };
        subscriptions?: {
          order?: number;
          hidden?: boolean;
        };
      };
      user_account?: {
        info?: {
          order?: number;
          /** Default false */
          enable?: boolean;
        };
        history?: {
          order?: number;
          /** Default false */
          enable?: boolean;
        };
        payment_accounts?: {
          order?: number;
          /** Default false */
          enable?: boolean;
        };
        subscriptions?: {
          order?: number;
          /** Default false */
          enable?: boolean;
        };
      };
    };
  };
  purchase?: {
    virtual_currency?: {
      /** More than 0 */
      quantity?: number;
      /** ISO 4217 */
      currency?: string;
    };
    virtual_items?: {
      /** ISO 4217 */
      currency?: string;
      items?: {
        sku: string;
        /** At least 1 */
        amount: number;
      }[];
      /** Only items of these groups are shown */
      available_groups?: string[];
    };
    subscription?: {
      plan_id?: string;
      product_id?: string;
      /** ISO 4217 */
      currency?: string;
      /** `change_plan` changes the plan; the new plan ID goes to plan_id */
      operation?: 'change_plan';
      available_plans?: string[];
      trial_days?: number;
    };
    pin_codes?: {
      /** ISO 4217 */
      currency?: string;
      codes?: Array<{
        /** Game SKU */
        digital_content?: string;
        /** When omitted the user chooses in the payment UI */
        drm?: 'steam' | 'playstation' | 'xbox' | 'uplay' | 'origin' | 'drmfree' | 'gog' | 'epicgames' | 'nintendo_eshop' | 'discord_game_store' | 'oculus';
      }>;
      upgrade?: {
        id_user_history?: number;
        id?: number;
      };
    };
    gift?: {
      giver_id?: string;
      message?: string;
      /** Default true */
      hide_giver_from_receiver?: string;
      friends?: {
        id?: string;
        name?: string;
        email?: string;
      }[];
    };
    coupon_code?: {
      value?: string;
      /** Default false */
      hidden?: boolean;
    };
  };
  /** Custom key-value pairs */
  custom_parameters?: Record<string, unknown>;
}
