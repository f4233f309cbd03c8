import { COMMON_CURRENCIES, CURRENCY_CODES } from '../../../shared/events/settings';

export interface CurrencyOption {
  value: string;
  label: string;
}

function symbolOf(code: string, locale: string): string {
  try {
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

/**
 * Every ISO currency the runtime knows, labelled "GBP – £ – British Pound" in the event's locale,
 * with the spec's common currencies first (as a group, so they are not listed twice).
 */
export function currencyGroups(locale: string): { group: string; items: CurrencyOption[] }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'currency' });
  } catch {
    names = null;
  }
  const option = (code: string): CurrencyOption => {
    const symbol = symbolOf(code, locale);
    const name = names?.of(code) ?? code;
    return { value: code, label: symbol === code ? `${code} – ${name}` : `${code} – ${symbol} – ${name}` };
  };
  const common = new Set<string>(COMMON_CURRENCIES);
  return [
    { group: 'Common currencies', items: COMMON_CURRENCIES.map(option) },
    { group: 'All currencies', items: CURRENCY_CODES.filter((c) => !common.has(c)).map(option) },
  ];
}
