/**
 * Input masks: each takes what the shopper typed and answers the value to
 * show. They are idempotent (mask(mask(x)) === mask(x)).
 */

function digits(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** US phone: '(608) 752-9000'. A leading country code 1 is dropped. */
export function maskPhone(value: string): string {
  let d = value.replace(/\D/g, '');
  if (d.length > 10 && d.startsWith('1')) d = d.slice(1);
  d = d.slice(0, 10);
  if (d.length === 0) return '';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** ZIP: 5 digits. */
export function maskZip(value: string): string {
  return digits(value, 5);
}

/** Card number: up to 16 digits in groups of 4. */
export function maskCardNumber(value: string): string {
  return digits(value, 16).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Security code: up to 4 digits. */
export function maskCvv(value: string): string {
  return digits(value, 4);
}

/** Quantity: up to 3 digits. */
export function maskQuantity(value: string): string {
  return digits(value, 3);
}

/** Whole number of any length. */
export function maskNumeric(value: string): string {
  return value.replace(/\D/g, '');
}

/** Expiry: 'MM/YY'. */
export function maskExpiry(value: string): string {
  const d = digits(value, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/**
 * Money: positive, with a $ prefix, digits and at most one decimal point
 * with 2 decimals ('12.345' → '$12.34').
 */
export function maskMoney(value: string): string {
  const cleaned = value.replace(/[^\d.]/g, '');
  if (cleaned === '') return '';
  const [whole = '', ...rest] = cleaned.split('.');
  const hasPoint = rest.length > 0;
  const cents = rest.join('').slice(0, 2);
  const intPart = whole.replace(/^0+(?=\d)/, '');
  return `$${intPart === '' && hasPoint ? '0' : intPart}${hasPoint ? `.${cents}` : ''}`;
}

export type MaskName = 'phone' | 'zip' | 'card' | 'cvv' | 'quantity' | 'numeric' | 'expiry' | 'money';

export const MASKS: Record<MaskName, (value: string) => string> = {
  phone: maskPhone,
  zip: maskZip,
  card: maskCardNumber,
  cvv: maskCvv,
  quantity: maskQuantity,
  numeric: maskNumeric,
  expiry: maskExpiry,
  money: maskMoney,
};

/** Attributes that bring up the right on-screen keyboard for a mask. */
export function maskInputProps(mask: MaskName): { inputMode: 'numeric' | 'tel' | 'decimal'; maxLength: number } {
  switch (mask) {
    case 'phone':
      return { inputMode: 'tel', maxLength: 14 };
    case 'zip':
      return { inputMode: 'numeric', maxLength: 5 };
    case 'card':
      return { inputMode: 'numeric', maxLength: 19 };
    case 'cvv':
      return { inputMode: 'numeric', maxLength: 4 };
    case 'quantity':
      return { inputMode: 'numeric', maxLength: 3 };
    case 'expiry':
      return { inputMode: 'numeric', maxLength: 5 };
    case 'money':
      return { inputMode: 'decimal', maxLength: 16 };
    case 'numeric':
      return { inputMode: 'numeric', maxLength: 32 };
  }
}
