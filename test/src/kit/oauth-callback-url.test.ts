import { describe, it, expect } from '../../support/harness.ts';
import { oauthStateOf, withoutOAuthResponse } from '../../../src/kit/oauth-callback-url.ts';

describe('OAuth answers in page URLs', () => {
  it('finds the state in the fragment (id_token answers) or the query (code answers)', () => {
    expect(oauthStateOf('https://app.example/cb#id_token=a.b.c&state=s1&token_type=Bearer')).to.equal('s1');
    expect(oauthStateOf('https://app.example/cb?code=xyz&state=s2')).to.equal('s2');
    expect(oauthStateOf('https://app.example/cb?tab=2#top')).to.equal(undefined);
    expect(oauthStateOf('not a url')).to.equal(undefined);
  });

  it('removes the answer and keeps what the page had', () => {
    expect(withoutOAuthResponse('https://app.example/cb?tab=2#id_token=a.b.c&state=s1&token_type=Bearer')).to.equal('https://app.example/cb?tab=2');
    expect(withoutOAuthResponse('https://app.example/cb?code=xyz&state=s2&iss=https%3A%2F%2Fidp&tab=2')).to.equal('https://app.example/cb?tab=2');
    expect(withoutOAuthResponse('https://app.example/cb?error=access_denied&state=s3#section')).to.equal('https://app.example/cb#section');
  });
});
