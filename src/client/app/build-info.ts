declare const __BUILD_INFO__: { version: string; commit: string; builtAt: string };

/** The real build (package version, commit, build time), for the hidden marker and the console. */
export const buildInfo = __BUILD_INFO__;
export const buildLabel = `v${buildInfo.version} (${buildInfo.commit}, ${buildInfo.builtAt})`;
