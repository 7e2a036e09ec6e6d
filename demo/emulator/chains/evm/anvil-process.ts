/**
 * anvil as a child process on a free loopback port (`--port 0`; the port is read from its
 * "Listening on" line). Never orphaned:
 * - `stop()` ends it and resolves once it is gone (the emulator's stop, on SIGINT and SIGTERM);
 * - the Node process's `exit` kills it too (an uncaught error, `process.exit`);
 * - on POSIX anvil runs under a tiny `sh` guard that reads our stdin pipe: when this process
 *   dies in any way (even SIGKILL), the pipe closes and the guard kills anvil.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { ChildProcess } from 'node:child_process';

export interface AnvilOptions {
  binary: string;
  chainId: number;
  /** Give up (and kill it) after this long without a "Listening on" line. */
  startTimeoutMs?: number;
  /** Extra arguments (tests). */
  args?: readonly string[];
}

export interface AnvilProcess {
  readonly rpcUrl: string;
  /** anvil's own process id (not the guard's). */
  readonly pid: number;
  /** Undefined while running; why it stopped otherwise. */
  readonly exited: string | undefined;
  onExit(listener: (reason: string) => void): void;
  stop(): Promise<void>;
}

/**
 * `$0` is anvil; the guard prints anvil's pid, then kills it when its stdin closes. A background
 * job's stdin is /dev/null unless redirected explicitly, hence the copy on fd 3.
 */
const GUARD = 'exec 3<&0; "$0" "$@" </dev/null & a=$!; echo "anvil-pid $a"; (read _ignored <&3; kill $a 2>/dev/null) & wait $a';

export function startAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  // Automine: a block per transaction, so a send's receipt exists when its broadcast returns.
  const args = ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(options.chainId), ...(options.args ?? [])];
  const guarded = process.platform !== 'win32';
  const child: ChildProcess = guarded
    ? spawn('sh', ['-c', GUARD, options.binary, ...args], { stdio: ['pipe', 'pipe', 'pipe'] })
    : spawn(options.binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let exited: string | undefined;
  const exitListeners: ((reason: string) => void)[] = [];
  let anvilPid = guarded ? 0 : (child.pid ?? 0);
  const killOnExit = () => {
    if (anvilPid) try { process.kill(anvilPid, 'SIGKILL'); } catch { /* gone already */ }
  };
  process.on('exit', killOnExit);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const gone = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      process.off('exit', killOnExit);
      // Under the sh guard a signal shows as the exit code 128 + its number.
      const bySignal = signal ?? (code !== null && code > 128 ? Object.entries(constants.signals).find(([, n]) => n === code - 128)?.[0] : undefined);
      exited = bySignal ? `anvil stopped by ${bySignal}` : `anvil exited with code ${code}${stderr ? `: ${stderr.trim().split('\n').pop()}` : ''}`;
      for (const listener of exitListeners) listener(exited);
      resolve();
    });
    child.on('error', () => resolve());
  });
  const stop = async () => {
    if (exited === undefined) {
      child.stdin?.end();
      if (!guarded) child.kill('SIGTERM');
      if (anvilPid && guarded) try { process.kill(anvilPid, 'SIGTERM'); } catch { /* gone already */ }
    }
    await gone;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    let listening = false;
    const timer = setTimeout(() => fail(`anvil did not start listening within ${options.startTimeoutMs ?? 10_000} ms`), options.startTimeoutMs ?? 10_000);
    const fail = (reason: string) => {
      clearTimeout(timer);
      void stop().then(() => reject(new Error(reason)));
    };
    child.on('error', (error) => fail(`anvil could not start: ${error.message}`));
    child.on('exit', () => {
      if (!listening) fail(exited ?? 'anvil exited');
    });
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      if (listening) return;
      out += chunk;
      const pid = /anvil-pid (\d+)/.exec(out);
      if (pid) anvilPid = Number(pid[1]);
      const port = /Listening on 127\.0\.0\.1:(\d+)/.exec(out);
      if (!port) return;
      clearTimeout(timer);
      // The rest of anvil's log is read and dropped (the handler returns at once), so the
      // pipe never fills and blocks it.
      listening = true;
      out = '';
      const rpcUrl = `http://127.0.0.1:${port[1]}`;
      resolve({
        rpcUrl,
        pid: anvilPid,
        get exited() {
          return exited;
        },
        onExit(listener) {
          exitListeners.push(listener);
        },
        stop,
      });
    });
  });
}
