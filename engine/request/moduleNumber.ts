let current: string | undefined;

/** The router sets this per route; the request layer sends it as App-Module-Number. */
export function setCurrentModuleNumber(menuNo: string | undefined): void {
  current = menuNo || undefined;
}

export function getCurrentModuleNumber(): string | undefined {
  return current;
}
