export function serverEnv(options: {
  apiPort: number;
  origins: Record<7 | 8 | 10, string>;
  dataDir: string;
}): Record<string, string>;
