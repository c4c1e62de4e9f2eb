// Placeholder until its issue-11/12 work lands: the command is listed in the usage but not built yet.
export async function runRegister(_argv: string[]): Promise<number> {
  process.stderr.write('okf-hub register : pas encore disponible dans cette version\n')
  return 69
}
