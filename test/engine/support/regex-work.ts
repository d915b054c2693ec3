// Work done by regular expressions, counted instead of timed (tests never assert on time): every exec, test, replace
// and match goes through RegExp.prototype.exec, so replacing it counts the characters each execution reads. It sees
// rescans (a file read again per line) but not backtracking inside one execution.
const originalExec = RegExp.prototype.exec;

export interface RegexMeter { calls: number; chars: number }

/** An exec that counts into `meter`: install it as RegExp.prototype.exec, put `originalExec` back after. */
export function meteredExec(meter: RegexMeter): typeof RegExp.prototype.exec {
  return function exec(this: RegExp, text: string) {
    meter.calls++;
    // A global scan reads from lastIndex to the end of its match (or of the text); a sticky one is tried at lastIndex
    // only (one character at least when it fails); any other call reads the text.
    const from = this.global || this.sticky ? this.lastIndex : 0;
    const match = originalExec.call(this, text);
    const end = String(text).length;
    const to = match && (this.global || this.sticky) ? match.index + match[0].length : this.sticky ? Math.min(end, from + 1) : end;
    meter.chars += Math.max(0, to - from);
    return match;
  };
}
export { originalExec };

/** Characters read by regular expressions while `work` runs. */
export async function regexCharsRead(work: () => Promise<unknown>): Promise<number> {
  const meter = { calls: 0, chars: 0 };
  RegExp.prototype.exec = meteredExec(meter);
  try {
    await work();
  } finally {
    RegExp.prototype.exec = originalExec;
  }
  return meter.chars;
}

/** How much more reading twice the input takes, to one decimal: about 2 when linear, about 4 when quadratic. */
export async function growthWhenDoubled(readingFor: (scale: number) => Promise<unknown>): Promise<number> {
  const once = await regexCharsRead(() => readingFor(1));
  const twice = await regexCharsRead(() => readingFor(2));
  return Math.round((twice / once) * 10) / 10;
}
