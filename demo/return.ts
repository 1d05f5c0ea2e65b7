// Shows the four parameters the payment UI appends to return_url.
const params = new URLSearchParams(location.search);
const facts = document.getElementById('facts')!;
const result = params.get('status');
document.getElementById('title')!.textContent =
  result === 'done' ? 'Thank you! Your order is on its way' : result === 'troubled' ? 'The payment did not go through' : 'Your order';

for (const [key, label] of [['status', 'Status'], ['invoice_id', 'Invoice'], ['foreigninvoice', 'Order'], ['user_id', 'Player']] as const) {
  const dt = document.createElement('dt');
  dt.textContent = label;
  const dd = document.createElement('dd');
  dd.dataset.param = key;
  dd.textContent = params.get(key) ?? '—';
  facts.append(dt, dd);
}

export {};
