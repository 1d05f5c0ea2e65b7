/**
 * The widget's own words, in two tables so each file carries only what it shows: the session
 * code (payui-session.js) has the words of every open (the window's loading and failure pages,
 * and what it hands the lightbox); the lightbox (payui-lightbox.js) adds its own. Codes are
 * `language` values; anything else falls back to English.
 */
export interface CommonLabels {
  close: string;
  loading: string;
  /** A token provider failed (TOKEN_FAILED). */
  failed: string;
  /** The language these labels are in. */
  lang: string;
}
export interface LightboxLabels {
  dialog: string;
  frame: string;
  timeout: string;
}
export type Labels = CommonLabels & LightboxLabels;

const COMMON: Record<string, Omit<CommonLabels, 'lang'>> = {
  en: { close: 'Close', loading: 'Loading the payment page…', failed: 'The payment could not start. Please try again.' },
  de: { close: 'Schließen', loading: 'Zahlungsseite wird geladen …', failed: 'Die Zahlung konnte nicht gestartet werden. Bitte versuche es erneut.' },
  es: { close: 'Cerrar', loading: 'Cargando la página de pago…', failed: 'No se ha podido iniciar el pago. Inténtalo de nuevo.' },
  fr: { close: 'Fermer', loading: 'Chargement de la page de paiement…', failed: 'Le paiement n’a pas pu démarrer. Réessayez.' },
  it: { close: 'Chiudi', loading: 'Caricamento della pagina di pagamento…', failed: 'Non è stato possibile avviare il pagamento. Riprova.' },
  pt: { close: 'Fechar', loading: 'Carregando a página de pagamento…', failed: 'Não foi possível iniciar o pagamento. Tente novamente.' },
  pl: { close: 'Zamknij', loading: 'Ładowanie strony płatności…', failed: 'Nie udało się rozpocząć płatności. Spróbuj ponownie.' },
  ru: { close: 'Закрыть', loading: 'Загрузка страницы оплаты…', failed: 'Не удалось начать оплату. Попробуйте ещё раз.' },
  tr: { close: 'Kapat', loading: 'Ödeme sayfası yükleniyor…', failed: 'Ödeme başlatılamadı. Tekrar deneyin.' },
  ja: { close: '閉じる', loading: 'お支払いページを読み込んでいます…', failed: 'お支払いを開始できませんでした。もう一度お試しください。' },
  ko: { close: '닫기', loading: '결제 페이지를 불러오는 중…', failed: '결제를 시작하지 못했습니다. 다시 시도하세요.' },
  zh: { close: '关闭', loading: '正在加载支付页面…', failed: '无法开始支付。请重试。' },
};

const LIGHTBOX: Record<string, LightboxLabels> = {
  en: { dialog: 'Payment', frame: 'Payment form', timeout: 'The payment page did not load. Please try again.' },
  de: { dialog: 'Zahlung', frame: 'Zahlungsformular', timeout: 'Die Zahlungsseite wurde nicht geladen. Bitte versuche es erneut.' },
  es: { dialog: 'Pago', frame: 'Formulario de pago', timeout: 'La página de pago no se ha cargado. Inténtalo de nuevo.' },
  fr: { dialog: 'Paiement', frame: 'Formulaire de paiement', timeout: 'La page de paiement ne s’est pas chargée. Réessayez.' },
  it: { dialog: 'Pagamento', frame: 'Modulo di pagamento', timeout: 'La pagina di pagamento non è stata caricata. Riprova.' },
  pt: { dialog: 'Pagamento', frame: 'Formulário de pagamento', timeout: 'A página de pagamento não carregou. Tente novamente.' },
  pl: { dialog: 'Płatność', frame: 'Formularz płatności', timeout: 'Strona płatności nie została załadowana. Spróbuj ponownie.' },
  ru: { dialog: 'Оплата', frame: 'Форма оплаты', timeout: 'Страница оплаты не загрузилась. Попробуйте ещё раз.' },
  tr: { dialog: 'Ödeme', frame: 'Ödeme formu', timeout: 'Ödeme sayfası yüklenemedi. Tekrar deneyin.' },
  ja: { dialog: 'お支払い', frame: 'お支払いフォーム', timeout: 'お支払いページを読み込めませんでした。もう一度お試しください。' },
  ko: { dialog: '결제', frame: '결제 양식', timeout: '결제 페이지를 불러오지 못했습니다. 다시 시도하세요.' },
  zh: { dialog: '支付', frame: '支付表单', timeout: '支付页面未能加载。请重试。' },
};

/** `language`, else the page's `<html lang>`, else the browser's, else English: the words of every open. */
export function commonLabels(language: string | null, doc: Document = document): CommonLabels {
  const candidates = [language, doc.documentElement.lang, globalThis.navigator?.language];
  for (const candidate of candidates) {
    const code = candidate?.slice(0, 2).toLowerCase();
    if (code && COMMON[code]) return { ...COMMON[code], lang: code };
  }
  return { ...COMMON.en!, lang: 'en' };
}

/** The lightbox's words, in the language `common` chose. */
export const withLightboxLabels = (common: CommonLabels): Labels => ({ ...common, ...LIGHTBOX[common.lang]! });
