// <latch-otp-input> alone, with the page calling the kit itself: the element shape a page
// builds when it does not want the drop-in. Email OTP login or sign-up against the emulator.
import './shared/violations.ts';
import 'latchkey/define';
import { logEvent } from './shared/event-log.ts';
import { start } from './shared/boot.ts';

start(({ kit }) => {
  const form = document.getElementById('contact-form') as HTMLFormElement;
  const email = document.getElementById('email') as HTMLInputElement;
  const otp = document.querySelector('latch-otp-input')!;
  const status = document.getElementById('status')!;
  let otpId = '';

  kit.addEventListener('login', (event) => {
    logEvent(new CustomEvent('kit-login', { detail: { created: event.detail.created, session: event.detail.session.summary } }), 'kit');
    status.textContent = `Logged in as ${event.detail.session.summary?.userId ?? '?'}`;
  });
  kit.addEventListener('error', (event) => {
    logEvent(new CustomEvent('kit-error', { detail: { error: event.detail } }), 'kit');
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void kit.startOtp('OTP_TYPE_EMAIL', email.value).then((answer) => {
      otpId = answer.otpId;
      otp.hidden = false;
      otp.focus();
      status.textContent = 'Code sent.';
    });
  });

  otp.addEventListener('latch-otp-complete', (event) => {
    otp.invalid = false;
    kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact: email.value, otpId, otpCode: event.detail.code }).catch(() => {
      otp.invalid = true;
    });
  });
});
