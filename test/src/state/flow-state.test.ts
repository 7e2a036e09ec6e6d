import { describe, it, expect, beforeEach } from '../../support/harness.ts';
import { $flow, endFlow, failFlow, setFlowStep, startFlow, type FlowStatus } from '../../../src/state/flow-state.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';

describe('$flow', () => {
  beforeEach(() => endFlow());

  it('starts empty, then follows a flow through its steps', () => {
    expect($flow.get()).to.equal(null);
    const seen: (FlowStatus | null)[] = [];
    const stop = $flow.listen((value) => seen.push(value));
    startFlow('otp');
    setFlowStep('code');
    endFlow();
    stop();
    expect(seen).to.deep.equal([{ name: 'otp', step: 'start' }, { name: 'otp', step: 'code' }, null]);
  });

  it('records an error on the current step, and the next step clears it', () => {
    startFlow('oauth', 'popup');
    const error = new LatchError('ERR_OAUTH_POPUP_CLOSED', 'closed');
    failFlow(error);
    expect($flow.get()).to.deep.equal({ name: 'oauth', step: 'popup', error });
    setFlowStep('popup');
    expect($flow.get()?.error).to.equal(undefined);
  });

  it('refuses steps and errors when no flow runs', () => {
    expect(() => setFlowStep('x')).to.throw(LatchError).with.property('code', 'ERR_FLOW_STATE');
    expect(() => failFlow(new LatchError('ERR_OTP_INVALID', 'bad'))).to.throw(LatchError).with.property('code', 'ERR_FLOW_STATE');
  });
});
