/**
 * Import notices, grouped: the same thing said of 300 requests is one line naming a few of them and the count (a
 * 798-request collection with an auth block per request used to fill the sidebar with 798 bullets). A message said
 * of one request keeps the form `Label: message`.
 */
export class NoticeList {
  private readonly byMessage = new Map<string, string[]>();

  /** `label`: the request or folder it is about; none for a notice about the whole file. */
  add(message: string, label?: string): void {
    const labels = this.byMessage.get(message) ?? [];
    if (label !== undefined) labels.push(label);
    this.byMessage.set(message, labels);
  }

  lines(): string[] {
    return [...this.byMessage].map(([message, labels]) => {
      if (labels.length === 0) return message;
      if (labels.length === 1) return `${labels[0]}: ${message}`;
      const named = labels.slice(0, 3).join(', ');
      return `${labels.length} requests (${named}${labels.length > 3 ? ', …' : ''}): ${message}`;
    });
  }
}

/** The hosts an import replaced by the profile's, said once. */
export function describeDroppedHosts(hosts: ReadonlySet<string>): string {
  const list = [...hosts].slice(0, 3);
  const more = hosts.size - list.length;
  return `Requests go to your profile's API; the host${hosts.size === 1 ? '' : 's'} the file named (${list.join(', ')}${more > 0 ? `, ${more} more` : ''}) ${hosts.size === 1 ? 'was' : 'were'} left out.`;
}
