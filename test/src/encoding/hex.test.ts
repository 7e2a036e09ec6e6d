import { describe, it, expect, expectCode } from '../../support/harness.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';

describe('hex', () => {
  it('encodes every byte value as two lowercase digits', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const hex = toHex(all);
    expect(hex).to.have.length(512);
    expect(hex.slice(0, 8)).to.equal('00010203');
    expect(hex.slice(-4)).to.equal('feff');
    expect(hex).to.match(/^[0-9a-f]*$/);
    expect(fromHex(hex)).to.deep.equal(all);
  });

  it('decodes uppercase and mixed case', () => {
    expect(fromHex('DEADbeef')).to.deep.equal(Uint8Array.of(0xde, 0xad, 0xbe, 0xef));
  });

  it('round-trips the empty string', () => {
    expect(fromHex('')).to.deep.equal(new Uint8Array(0));
    expect(toHex(new Uint8Array(0))).to.equal('');
  });

  for (const bad of ['a', 'abc', '0g', 'zz', ' 00', '00 ', '0x00', '-1', '１２']) {
    it(`refuses ${JSON.stringify(bad)} with ERR_ENCODING_HEX`, async () => {
      await expectCode(() => fromHex(bad), 'ERR_ENCODING_HEX');
    });
  }

  it('refuses a non-string with ERR_ENCODING_HEX', async () => {
    await expectCode(() => fromHex(42 as unknown as string), 'ERR_ENCODING_HEX');
  });
});
