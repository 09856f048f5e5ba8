/** The version of the bundled Node, e.g. '24.21.0'. */
export declare const NODE_LTS_VERSION: string;
/** The oldest Node major the server starts on. */
export declare const NODE_LTS_MAJOR: number;
/** The bundled Node's executable. */
export declare const nodeLtsBinary: string;
/** The bundled Node's folder of executables. */
export declare const nodeLtsBinDir: string;
/** This process's Node when it is on the supported line or newer, else the bundled one. */
export declare function supportedNode(): string;
/** `env` with the bundled Node first on PATH. */
export declare function withNodeLtsOnPath(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
