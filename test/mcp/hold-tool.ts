/** A test-only tool that answers when the test releases it: keeps a session busy on purpose. */
import { defineTool } from '../../src/presentations/mcp/tool-registry.js';

export function createHoldTool() {
  let running = 0;
  let peak = 0;
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (release = resolve));
  const tool = defineTool({
    name: 'hold',
    title: 'Hold',
    description: 'Test only: answers when the test releases it.',
    access: 'read',
    input: {},
    run: async () => {
      peak = Math.max(peak, ++running);
      await gate;
      running--;
      return { structured: { held: true }, text: 'held' };
    },
  });
  return {
    tool,
    /** Most holds running at once so far. */
    peak: () => peak,
    running: () => running,
    /** Lets every hold running or to come answer, then closes the gate again. */
    release() {
      release();
      gate = new Promise<void>((resolve) => (release = resolve));
    },
  };
}
