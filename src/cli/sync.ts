// Placeholder until its issue-11/12 work lands: the command is listed in the usage but not built yet.
export async function runSync(_argv: string[]): Promise<number> {
  process.stderr.write('okf-hub sync : pas encore disponible dans cette version\n')
  return 69
}
