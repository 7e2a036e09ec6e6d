/** Starts anvil, prints its pid and waits forever (the parent test kills this process). */
import { resolveAnvilBinary } from '../../../../demo/emulator/chains/evm/anvil-binary.ts';
import { startAnvil } from '../../../../demo/emulator/chains/evm/anvil-process.ts';

const anvil = await startAnvil({ binary: resolveAnvilBinary().path!, chainId: 1337 });
process.stdout.write(`${anvil.pid}\n`);
setInterval(() => undefined, 60_000);
