/** The lightbox's own words. Codes are `language` values; anything else falls back to English. */
export interface Labels {
  dialog: string;
  frame: string;
  close: string;
  loading: string;
  timeout: string;
}

const LABELS: Record<string, Labels> = {
  en: { dialog: 'Payment', frame: 'Payment form', close: 'Close', loading: 'Loading the payment page…', timeout: 'The payment page did not load. Please try again.' },
  de: { dialog: 'Zahlung', frame: 'Zahlungsformular', close: 'Schließen', loading: 'Zahlungsseite wird geladen …', timeout: 'Die Zahlungsseite wurde nicht geladen. Bitte versuche es erneut.' },
  es: { dialog: 'Pago', frame: 'Formulario de pago', close: 'Cerrar', loading: 'Cargando la página de pago…', timeout: 'La página de pago no se ha cargado. Inténtalo de nuevo.' },
  fr: { dialog: 'Paiement', frame: 'Formulaire de paiement', close: 'Fermer', loading: 'Chargement de la page de paiement…', timeout: 'La page de paiement ne s’est pas chargée. Réessayez.' },
  it: { dialog: 'Pagamento', frame: 'Modulo di pagamento', close: 'Chiudi', loading: 'Caricamento della pagina di pagamento…', timeout: 'La pagina di pagamento non è stata caricata. Riprova.' },
  pt: { dialog: 'Pagamento', frame: 'Formulário de pagamento', close: 'Fechar', loading: 'Carregando a página de pagamento…', timeout: 'A página de pagamento não carregou. Tente novamente.' },
  pl: { dialog: 'Płatność', frame: 'Formularz płatności', close: 'Zamknij', loading: 'Ładowanie strony płatności…', timeout: 'Strona płatności nie została załadowana. Spróbuj ponownie.' },
  ru: { dialog: 'Оплата', frame: 'Форма оплаты', close: 'Закрыть', loading: 'Загрузка страницы оплаты…', timeout: 'Страница оплаты не загрузилась. Попробуйте ещё раз.' },
  tr: { dialog: 'Ödeme', frame: 'Ödeme formu', close: 'Kapat', loading: 'Ödeme sayfası yükleniyor…', timeout: 'Ödeme sayfası yüklenemedi. Tekrar deneyin.' },
  ja: { dialog: 'お支払い', frame: 'お支払いフォーム', close: '閉じる', loading: 'お支払いページを読み込んでいます…', timeout: 'お支払いページを読み込めませんでした。もう一度お試しください。' },
  ko: { dialog: '결제', frame: '결제 양식', close: '닫기', loading: '결제 페이지를 불러오는 중…', timeout: '결제 페이지를 불러오지 못했습니다. 다시 시도하세요.' },
  zh: { dialog: '支付', frame: '支付表单', close: '关闭', loading: '正在加载支付页面…', timeout: '支付页面未能加载。请重试。' },
};

/** `language`, else the page's `<html lang>`, else the browser's, else English. */
export function labelsFor(language: string | null, doc: Document = document): Labels {
  const candidates = [language, doc.documentElement.lang, globalThis.navigator?.language];
  for (const candidate of candidates) {
    const code = candidate?.slice(0, 2).toLowerCase();
    if (code && LABELS[code]) return LABELS[code];
  }
  return LABELS.en!;
}
