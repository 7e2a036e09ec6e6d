/**
 * Base units as a decimal number of whole units, exact (bigint, never a float), trailing zeros of
 * the fraction dropped: the text viem's formatUnits writes. 1500000000000000000n, 18 → "1.5";
 * 1500000n, 6 → "1.5"; -5n, 2 → "-0.05". One copy for the sheet's EVM and Solana rows and the
 * wallet's balances, which each had their own.
 */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
