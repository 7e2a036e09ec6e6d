import { describe, it, expect } from '../../support/harness.ts';
import { $config, setConfig } from '../../../src/state/config-state.ts';
import type { WalletKitConfig } from '../../../src/clients/proxy-types.ts';

describe('$config', () => {
  it('is null until a config is loaded, and notifies subscribers', () => {
    expect($config.get()).to.equal(null);
    const config: WalletKitConfig = {
      enabledProviders: ['email', 'passkey'],
      sessionExpirationSeconds: '900',
      organizationId: 'org-1',
      otpAlphanumeric: true,
      otpLength: '6',
    };
    const seen: (WalletKitConfig | null)[] = [];
    const stop = $config.subscribe((value) => seen.push(value));
    setConfig(config);
    setConfig(null);
    stop();
    expect(seen).to.deep.equal([null, config, null]);
  });
});
