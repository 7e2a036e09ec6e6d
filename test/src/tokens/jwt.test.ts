import { describe, it, expect, expectCode } from '../../support/harness.ts';
import { decodeJwt, jwtSigningInput } from '../../../src/tokens/jwt.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';

const segment = (value: unknown): string => toBase64Url(utf8Encode(JSON.stringify(value)));

describe('decodeJwt', () => {
  it('decodes header, payload, signing input and signature', () => {
    const token = `${segment({ alg: 'ES256', typ: 'JWT' })}.${segment({ sub: 'x', n: 1 })}.${toBase64Url(Uint8Array.of(1, 2, 3))}`;
    const decoded = decodeJwt(token);
    expect(decoded.header).to.deep.equal({ alg: 'ES256', typ: 'JWT' });
    expect(decoded.payload).to.deep.equal({ sub: 'x', n: 1 });
    expect(decoded.signingInput).to.equal(token.split('.').slice(0, 2).join('.'));
    expect(decoded.signature).to.deep.equal(Uint8Array.of(1, 2, 3));
  });

  it('decodes base64url segments containing - and _, which plain atob refuses', () => {
    // '?>' and 'ÿ' encode to bytes whose base64 needs '+' and '/', i.e. '-' and '_' here.
    const payload = { a: '??>>??', b: 'ÿÿÿ~~~' };
    const payloadSegment = segment(payload);
    expect(payloadSegment).to.match(/[-_]/);
    expect(() => atob(payloadSegment)).to.throw();
    const decoded = decodeJwt(`${segment({ alg: 'ES256' })}.${payloadSegment}.${toBase64Url(Uint8Array.of(0xfb, 0xff))}`);
    expect(decoded.payload).to.deep.equal(payload);
    expect(decoded.signature).to.deep.equal(Uint8Array.of(0xfb, 0xff));
  });

  it('builds the signing input that decodeJwt gives back', () => {
    const input = jwtSigningInput({ alg: 'ES256', typ: 'JWT' }, { exp: 1, s: 'ÿ?' });
    expect(decodeJwt(`${input}.AA`).signingInput).to.equal(input);
    expect(decodeJwt(`${input}.AA`).payload).to.deep.equal({ exp: 1, s: 'ÿ?' });
  });

  const header = segment({ alg: 'ES256' });
  const payload = segment({ a: 1 });
  const malformed: Array<[string, string]> = [
    ['an empty string', ''],
    ['two parts', `${header}.${payload}`],
    ['four parts', `${header}.${payload}.AA.AA`],
    ['an empty signature', `${header}.${payload}.`],
    ['an empty header', `.${payload}.AA`],
    ['a header that is not JSON', `${toBase64Url(utf8Encode('{alg'))}.${payload}.AA`],
    ['a payload that is a JSON array', `${header}.${segment([1, 2])}.AA`],
    ['a payload that is JSON null', `${header}.${segment(null)}.AA`],
    ['a payload that is a JSON number', `${header}.${segment(7)}.AA`],
    ['a header that is a JSON string', `${segment('ES256')}.${payload}.AA`],
    ['a payload that is not UTF-8', `${header}.${toBase64Url(Uint8Array.of(0x7b, 0xff, 0x7d))}.AA`],
    ['standard base64 characters', `${header}.${payload}+/.AA`],
    ['a signature that is not base64url', `${header}.${payload}.A`],
  ];
  for (const [name, token] of malformed) {
    it(`refuses ${name} with ERR_JWT_MALFORMED`, async () => {
      await expectCode(() => decodeJwt(token), 'ERR_JWT_MALFORMED');
    });
  }

  it('each refusal says what is wrong, and keeps the decoder\'s error as its cause', async () => {
    const says = async (token: string, pattern: RegExp, cause: 'SyntaxError' | 'TypeError' | 'LatchError' | 'none'): Promise<void> => {
      const refusal = await expectCode(() => decodeJwt(token), 'ERR_JWT_MALFORMED');
      expect(refusal.message, token).to.match(pattern);
      const kept = refusal.cause === undefined ? 'none' : (refusal.cause as Error).name;
      expect(kept, `${token}: its cause`).to.equal(cause);
    };
    await says(`${header}.${payload}`, /three non-empty dot-separated parts/, 'none');
    await says(`${toBase64Url(utf8Encode('{alg'))}.${payload}.AA`, /not base64url JSON/, 'SyntaxError');
    await says(`${header}.${payload}+/.AA`, /not base64url JSON/, 'LatchError');
    await says(`${header}.${segment([1, 2])}.AA`, /not a JSON object/, 'none');
    await says(`${header}.${payload}.A`, /signature is not base64url/, 'LatchError');
  });

  it('refuses a non-string with ERR_JWT_MALFORMED', async () => {
    await expectCode(() => decodeJwt(undefined as unknown as string), 'ERR_JWT_MALFORMED');
  });
});
