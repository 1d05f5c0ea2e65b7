/** Prices as a merchant types them: `USD 4.99, EUR 4.59` ↔ `{USD: 4.99, EUR: 4.59}`. */

export function pricesText(prices: Record<string, number | string> | undefined): string {
  return Object.entries(prices ?? {}).map(([currency, amount]) => `${currency} ${amount}`).join(', ');
}

/** What could be read of the text; what could not is sent as written, for the service to name. */
export function pricesOf(text: string): Record<string, number | string> {
  const prices: Record<string, number | string> = {};
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [currency = '', amount = ''] = part.split(/\s+/);
    const value = Number(amount);
    prices[currency.toUpperCase()] = amount !== '' && Number.isFinite(value) ? value : amount;
  }
  return prices;
}
