import { describe, it, expect } from '../../support/harness.ts';
import { LoginMethods, isLoginMethod, orderLoginMethods } from '../../../src/kit/login-methods.ts';

const ALL = ['email', 'sms', 'passkey', 'wallet', 'google', 'apple', 'facebook', 'x', 'discord'];

describe('login methods', () => {
  it('orders every enabled method by default (email, SMS, passkey, then the OAuth providers) and drops wallet', () => {
    expect(orderLoginMethods([...ALL].reverse())).to.deep.equal(['email', 'sms', 'passkey', 'google', 'apple', 'facebook', 'x', 'discord']);
    expect(orderLoginMethods(['discord', 'wallet', 'email'])).to.deep.equal(['email', 'discord']);
    expect(orderLoginMethods([])).to.deep.equal([]);
  });

  it('puts the methods named in an order first, then the other enabled ones; never shows a disabled one', () => {
    expect(orderLoginMethods(['email', 'google', 'passkey'], ['google', 'email'])).to.deep.equal(['google', 'email', 'passkey']);
    expect(orderLoginMethods(['email', 'google'], [' Discord ', 'GOOGLE', 'google', 'nonsense', 'wallet'])).to.deep.equal(['google', 'email']);
  });

  it('knows exactly the eight methods', () => {
    expect([...LoginMethods]).to.deep.equal(['email', 'sms', 'passkey', 'google', 'apple', 'facebook', 'x', 'discord']);
    expect(isLoginMethod('x')).to.equal(true);
    expect(isLoginMethod('wallet')).to.equal(false);
    expect(isLoginMethod(undefined)).to.equal(false);
  });
});
