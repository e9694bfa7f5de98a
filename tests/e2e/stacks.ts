// The run's stacks (tests/e2e/global-setup.ts), each a devnet, an indexer and the built site. Most projects read the
// first; the projects that change what others would read get stacks of their own, so that they run beside the read
// tests from the start instead of after all of them:
// - `live` and `verification` share one: the live stream's tests end with a reorganisation of the tip, verification
//   verifies the Playground's identical twins; neither disturbs the other;
// - `interaction` has its own: it verifies the Playground itself, which the verification tests must not see first,
//   and sends transactions that a reorganisation of the tip would drop.
// A stack's variables carry its prefix (WRITES_E2E_SITE_URL, …); a worker of one of those projects reads them under the
// usual names (each Playwright worker runs the tests of one project only).

/** The extra stacks, by the prefix of their variables, with the projects that run on each. */
export const EXTRA_STACKS: ReadonlyArray<{ prefix: string; name: string; projects: readonly string[] }> = [
  { prefix: 'WRITES_', name: 'writes stack', projects: ['live', 'verification'] },
  { prefix: 'INTERACTION_', name: 'interaction stack', projects: ['interaction'] },
];

const NAMES = ['E2E_SITE_URL', 'E2E_INDEXER_URL', 'E2E_RPC_URL', 'E2E_SCENARIO'] as const;

/** The prefix of the stack a project runs on ('' for the read stack). */
export function stackPrefix(project: string): string {
  return EXTRA_STACKS.find((stack) => stack.projects.includes(project))?.prefix ?? '';
}

/** Points this worker's E2E_* variables at its project's stack. */
export function selectStack(project: string): void {
  const prefix = stackPrefix(project);
  if (!prefix) return;
  for (const name of NAMES) {
    const value = process.env[`${prefix}${name}`];
    if (value === undefined) throw new Error(`${prefix}${name} is not set: the global setup starts the ${project} project's stack only with its own devnet`);
    process.env[name] = value;
  }
}
