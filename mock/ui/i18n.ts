/** The mock payment UI's own words, in the languages `settings.language` may ask for. */
const en = {
  checkout: 'Checkout',
  sandbox: 'Sandbox',
  close: 'Close',
  closeDialog: 'Close the payment window',
  yourOrder: 'Your order',
  total: 'Total',
  account: 'Account',
  payWith: 'Pay with test card',
  cardNumber: 'Card number',
  outcome: 'Test outcome',
  outcomeSuccess: 'Payment succeeds',
  outcomeDeclined: 'Payment is declined',
  pay: 'Pay {amount}',
  processing: 'Processing your payment…',
  delivering: 'Payment received. Delivering your purchase…',
  doneTitle: 'Payment successful',
  doneText: 'Your purchase has been delivered to {user}.',
  troubledTitle: 'Payment declined',
  troubledText: 'The bank declined this payment. No money was taken.',
  tryAgain: 'Try another payment',
  invoice: 'Invoice',
  returnToGame: 'Return to game',
  errorTitle: 'This payment cannot be opened',
  errorCode: 'Error code',
  perMonth: 'per month',
  perYear: 'per year',
  trial: '{days}-day free trial',
  secure: 'Mock payment UI for offline tests: no real money moves.',
};
type Strings = typeof en;

const de: Strings = {
  checkout: 'Kasse',
  sandbox: 'Sandbox',
  close: 'Schließen',
  closeDialog: 'Zahlungsfenster schließen',
  yourOrder: 'Deine Bestellung',
  total: 'Gesamt',
  account: 'Konto',
  payWith: 'Mit Testkarte bezahlen',
  cardNumber: 'Kartennummer',
  outcome: 'Testergebnis',
  outcomeSuccess: 'Zahlung gelingt',
  outcomeDeclined: 'Zahlung wird abgelehnt',
  pay: '{amount} bezahlen',
  processing: 'Deine Zahlung wird verarbeitet …',
  delivering: 'Zahlung erhalten. Dein Kauf wird ausgeliefert …',
  doneTitle: 'Zahlung erfolgreich',
  doneText: 'Dein Kauf wurde an {user} ausgeliefert.',
  troubledTitle: 'Zahlung abgelehnt',
  troubledText: 'Die Bank hat diese Zahlung abgelehnt. Es wurde kein Geld abgebucht.',
  tryAgain: 'Andere Zahlung versuchen',
  invoice: 'Rechnung',
  returnToGame: 'Zurück zum Spiel',
  errorTitle: 'Diese Zahlung kann nicht geöffnet werden',
  errorCode: 'Fehlercode',
  perMonth: 'pro Monat',
  perYear: 'pro Jahr',
  trial: '{days} Tage kostenlos testen',
  secure: 'Test-Zahlungsseite für Offline-Tests: Es fließt kein echtes Geld.',
};

const es: Strings = {
  checkout: 'Pago',
  sandbox: 'Sandbox',
  close: 'Cerrar',
  closeDialog: 'Cerrar la ventana de pago',
  yourOrder: 'Tu pedido',
  total: 'Total',
  account: 'Cuenta',
  payWith: 'Pagar con tarjeta de prueba',
  cardNumber: 'Número de tarjeta',
  outcome: 'Resultado de prueba',
  outcomeSuccess: 'El pago se completa',
  outcomeDeclined: 'El pago es rechazado',
  pay: 'Pagar {amount}',
  processing: 'Procesando tu pago…',
  delivering: 'Pago recibido. Entregando tu compra…',
  doneTitle: 'Pago realizado',
  doneText: 'Tu compra se ha entregado a {user}.',
  troubledTitle: 'Pago rechazado',
  troubledText: 'El banco rechazó este pago. No se ha cobrado nada.',
  tryAgain: 'Intentar otro pago',
  invoice: 'Factura',
  returnToGame: 'Volver al juego',
  errorTitle: 'No se puede abrir este pago',
  errorCode: 'Código de error',
  perMonth: 'al mes',
  perYear: 'al año',
  trial: 'Prueba gratuita de {days} días',
  secure: 'Página de pago simulada para pruebas sin conexión: no se mueve dinero real.',
};

const fr: Strings = {
  checkout: 'Paiement',
  sandbox: 'Sandbox',
  close: 'Fermer',
  closeDialog: 'Fermer la fenêtre de paiement',
  yourOrder: 'Votre commande',
  total: 'Total',
  account: 'Compte',
  payWith: 'Payer avec une carte de test',
  cardNumber: 'Numéro de carte',
  outcome: 'Résultat du test',
  outcomeSuccess: 'Le paiement réussit',
  outcomeDeclined: 'Le paiement est refusé',
  pay: 'Payer {amount}',
  processing: 'Traitement de votre paiement…',
  delivering: 'Paiement reçu. Livraison de votre achat…',
  doneTitle: 'Paiement réussi',
  doneText: 'Votre achat a été livré à {user}.',
  troubledTitle: 'Paiement refusé',
  troubledText: 'La banque a refusé ce paiement. Aucun montant n’a été débité.',
  tryAgain: 'Essayer un autre paiement',
  invoice: 'Facture',
  returnToGame: 'Retour au jeu',
  errorTitle: 'Ce paiement ne peut pas être ouvert',
  errorCode: 'Code d’erreur',
  perMonth: 'par mois',
  perYear: 'par an',
  trial: 'Essai gratuit de {days} jours',
  secure: 'Page de paiement fictive pour tests hors ligne : aucun argent réel.',
};

const LANGUAGES: Record<string, Strings> = { en, de, es, fr };

export type StringKey = keyof Strings;
export type Translate = (key: StringKey, values?: Record<string, string | number>) => string;

export function languageOf(requested: string): string {
  return LANGUAGES[requested] ? requested : 'en';
}

export function translator(language: string): Translate {
  const strings = LANGUAGES[language] ?? en;
  return (key, values = {}) => strings[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
