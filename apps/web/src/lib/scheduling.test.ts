import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, nextTask, whenIdle } from './scheduling.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('yield points', () => {
  it('nextTask resolves in a timer, after the current task and its promise jobs', async () => {
    const order: string[] = [];
    const task = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('promise job'));
    order.push('current task');
    await task;
    expect(order).toEqual(['current task', 'promise job', 'next task']);
  });

  it('afterPaint waits for a frame and then a timer; a hidden page paints nothing to wait for', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('document', { visibilityState: 'visible' });
    let done = false;
    void afterPaint().then(() => (done = true));
    await vi.runAllTimersAsync();
    expect(done).toBe(false); // no frame yet
    frames.shift()!(0);
    await vi.runAllTimersAsync();
    expect(done).toBe(true);

    vi.stubGlobal('document', { visibilityState: 'hidden' });
    await expect(afterPaint()).resolves.toBeUndefined();
  });

  it('whenIdle asks for an idle callback with a deadline, or takes a timer where there is none', async () => {
    const idle = vi.fn((cb: () => void, _opts: { timeout: number }) => cb());
    vi.stubGlobal('requestIdleCallback', idle);
    await whenIdle(700); // no document (Node): nothing to paint first
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 700 });

    vi.stubGlobal('requestIdleCallback', undefined);
    await expect(whenIdle()).resolves.toBeUndefined();
  });
});
