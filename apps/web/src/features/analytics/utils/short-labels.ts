/** The longest start that all the labels share, ending at a word's end. */
function sharedStart(labels: readonly string[]): string {
  let shared = labels[0] ?? '';
  for (const label of labels) {
    let i = 0;
    while (i < shared.length && i < label.length && shared[i] === label[i]) i++;
    shared = shared.slice(0, i);
  }
  const wordEnd = shared.search(/\s\S*$/);
  return wordEnd === -1 ? '' : shared.slice(0, wordEnd + 1);
}

/**
 * Labels short enough for a chart's axis (at most `max` characters), still telling the groups
 * apart: a label that fits stays whole; a longer one keeps its start ("Indlovu Bank Actuar…"),
 * unless other labels start the same way: then it keeps its first word and what sets it apart
 * ("Graduate…Technology", "Graduate…Finance an…"). The full names are in the chart's tooltip
 * and its table.
 */
export function shortLabels(labels: readonly string[], max: number): string[] {
  const cut = (text: string, length: number) =>
    text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
  const starts = labels.map((label) => cut(label, max));
  const alike = new Map<string, string[]>();
  for (const [i, short] of starts.entries())
    alike.set(short, [...(alike.get(short) ?? []), labels[i]!]);
  return labels.map((label, i) => {
    const group = alike.get(starts[i]!)!;
    if (label.length <= max || group.length < 2) return starts[i]!;
    const shared = sharedStart(group);
    const first = cut(label.split(/\s/)[0]!, Math.floor(max / 2));
    const rest = label.slice(shared.length);
    return `${first.replace(/…$/, '')}…${cut(rest, max - first.replace(/…$/, '').length - 1)}`;
  });
}
