import { expect, it } from 'vitest';
import './zod-without-eval.ts';

it('turns zod jitless before zod loads, without importing it', async () => {
  const { config } = await import('zod');
  expect(config().jitless).toBe(true);
});
