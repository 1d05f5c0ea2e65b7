/** The records the console shows, as openapi.json describes them (types generated from it: npm run openapi:types). */
import type { components } from '../../src/server/api-types';

type Schemas = components['schemas'];
export type Project = Schemas['Project'];
export type ItemListEntry = Schemas['VirtualItemListEntry'];
export type Item = Schemas['VirtualItem'];
export type Group = Schemas['ItemGroup'];
export type Currency = Schemas['VirtualCurrency'];
export type Packet = Schemas['VirtualCurrencyPacket'];
export type Package = Schemas['VirtualCurrencyPackage'];
export type User = Schemas['User'];
export type UserList = Schemas['UserList'];
export type Inventory = Schemas['UserVirtualItemsTotal'];
export type WebhookSettings = Schemas['WebhookSettings'];
export type Delivery = Schemas['WebhookDelivery'];
export type WebhookLog = Schemas['WebhookLog'];
export type LocalizedMap = Schemas['LocalizedMap'];
export type LoginSettings = Schemas['LoginSettings'];
export type MailMessage = Schemas['MailMessage'];
export type UserAttribute = Schemas['UserAttribute'];
export type Game = Schemas['GameDelivery'];
export type GameKeys = Schemas['GameKeys'];
export type ReportEntry = Schemas['ReportTransaction'];
export type TransactionDetails = Schemas['TransactionDetails'];
export type RefundAnswer = Schemas['RefundAnswer'];
export type Clock = Schemas['Clock'];
