/** The release's only setting: SOURCE_DATE_EPOCH dates every archive entry (default: the commit's time). */
export const SOURCE_DATE_EPOCH: string | undefined = process.env.SOURCE_DATE_EPOCH || undefined;
/** The environment the release's own commands (podman, apt-get) start from. */
export const inheritedEnv: NodeJS.ProcessEnv = process.env;
