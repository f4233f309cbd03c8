/** Shared by totals and text forms: amounts are integers in minor units (hundredths). */

function isDecimalLiteral(text: string): text is Intl.StringNumericLiteral {
  return /^-?\d+\.\d{2}$/.test(text);
}

/** An amount in minor units as an exact decimal string with two decimals: 1250 -> '12.50'. */
export function minorToDecimal(minorUnits: number): string {
  const whole = Math.trunc(minorUnits);
  const sign = whole < 0 ? '-' : '';
  const digits = String(Math.abs(whole)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

// Building an Intl formatter costs far more than using one; reports format thousands of amounts.
const formats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * An amount in the event currency with two decimals (the spec's rule for money), e.g. '£1,234.50'.
 * Intl is given the exact decimal string, so no amount is ever rounded through a float.
 */
export function formatMoney(minorUnits: number, currency: string, locale = 'en-GB'): string {
  const decimal = minorToDecimal(minorUnits);
  const format = moneyFormat(locale, currency);
  return isDecimalLiteral(decimal) ? format.format(decimal) : format.format(minorUnits / 100);
}
