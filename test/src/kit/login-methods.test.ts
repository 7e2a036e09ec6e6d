import { describe, it, expect } from '../../support/harness.ts';
import { LoginMethods, isLoginMethod, listsWallet, orderLoginMethods } from '../../../src/kit/login-methods.ts';

const ALL = ['email', 'sms', 'passkey', 'wallet', 'google', 'apple', 'facebook', 'x', 'discord'];

describe('login methods', () => {
  it('orders every enabled method by default (email, SMS, passkey, then the OAuth providers) and drops wallet', () => {
    expect(orderLoginMethods([...ALL].reverse())).to.deep.equal(['email', 'sms', 'passkey', 'google', 'apple', 'facebook', 'x', 'discord']);
    expect(orderLoginMethods(['discord', 'wallet', 'email'])).to.deep.equal(['email', 'discord']);
    expect(orderLoginMethods([])).to.deep.equal([]);
  });

  it('with a list (the hosted kit\'s methodOrder): only the enabled methods it names, in its order; never a disabled one', () => {
    expect(orderLoginMethods(['email', 'google', 'passkey'], ['google', 'email'])).to.deep.equal(['google', 'email']);
    expect(orderLoginMethods(['email', 'google'], [' Discord ', 'GOOGLE', 'google', 'nonsense', 'Email'])).to.deep.equal(['google', 'email']);
    // `wallet` alone is a list: it hides every other method (the wallets show, listsWallet).
    expect(orderLoginMethods(['email', 'wallet'], ['wallet'])).to.deep.equal([]);
  });

  it('a list that names no method is no list: every enabled method, in the default order', () => {
    for (const order of [[], [''], ['nonsense', ' ']]) {
      expect(orderLoginMethods(['google', 'email', 'passkey'], order)).to.deep.equal(['email', 'passkey', 'google']);
      expect(listsWallet(order)).to.equal(true);
    }
  });

  it('the wallets show without a list, or with one that names wallet', () => {
    expect(listsWallet(['email', ' Wallet '])).to.equal(true);
    expect(listsWallet(['email', 'google'])).to.equal(false);
  });

  it('knows exactly the eight methods', () => {
    expect([...LoginMethods]).to.deep.equal(['email', 'sms', 'passkey', 'google', 'apple', 'facebook', 'x', 'discord']);
    expect(isLoginMethod('x')).to.equal(true);
    expect(isLoginMethod('wallet')).to.equal(false);
    expect(isLoginMethod(undefined)).to.equal(false);
  });
});
