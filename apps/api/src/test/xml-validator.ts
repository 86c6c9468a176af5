import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

// xmllint (libxml2 compiled to WebAssembly, the xmllint-wasm package) checks documents against an
// XML schema. Its own `validateXML` starts a worker thread and compiles the 780 kB WebAssembly
// binary for every document: 0.1 to 0.5 s each, most of a feed test's time. Here one worker per
// test file compiles it once and runs xmllint for each document, with the same arguments and
// the same verdict (exit code 0 valid, 3 or 4 invalid, anything else a failure of xmllint).

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('xmllint-wasm/package.json'));

// The worker loads xmllint's program (which registers a listener of its own, for messages tagged
// as the package's; this worker's messages are not) and keeps the compiled binary.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const createXmllint = require(workerData.program);
const compiled = new WebAssembly.Module(readFileSync(workerData.binary));
parentPort.on('message', ({ id, inputFiles, args }) => {
  if (id === undefined) return;
  let stderr = '';
  createXmllint({
    inputFiles,
    arguments: args,
    print() {},
    printErr(text) { stderr += text + '\\n'; },
    onExit(exitCode) { parentPort.postMessage({ id, exitCode, stderr }); },
    onAbort(reason) { parentPort.postMessage({ id, exitCode: -1, stderr: 'WASM Abort: ' + reason }); },
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
      return {};
    },
    // 16 MiB to start, at most 32 MiB: the package's own defaults.
    wasmMemory: new WebAssembly.Memory({ initial: 256, maximum: 512 }),
  });
});
`;

export interface XmlValidation {
  valid: boolean;
  /** xmllint's messages, one per line, for an invalid or malformed document. */
  errors: string[];
}

export interface XmlValidator {
  /** Checks that `xml` is well formed and, given a schema (XSD text), valid against it. */
  validate(xml: string, schema?: string): Promise<XmlValidation>;
  close(): Promise<void>;
}

/** One xmllint for many documents; `close` it when the file's tests are done. */
export function createXmlValidator(): XmlValidator {
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: {
      program: join(packageDir, 'xmllint-node.js'),
      binary: join(packageDir, 'xmllint.wasm'),
    },
  });
  const waiting = new Map<number, (result: { exitCode: number; stderr: string }) => void>();
  let failed: Error | undefined;
  worker.on('message', (message: { id?: number; exitCode: number; stderr: string }) => {
    if (message.id === undefined) return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  worker.on('error', (error) => {
    failed = error;
  });
  let serial = 0;
  return {
    async validate(xml, schema) {
      if (failed) throw failed;
      const id = (serial += 1);
      const inputFiles = [{ fileName: 'document.xml', contents: xml }];
      const args = ['--noout'];
      if (schema !== undefined) {
        inputFiles.push({ fileName: 'schema.xsd', contents: schema });
        args.unshift('--schema', 'schema.xsd');
      }
      args.push('document.xml');
      const { exitCode, stderr } = await new Promise<{ exitCode: number; stderr: string }>(
        (resolve) => {
          waiting.set(id, resolve);
          worker.postMessage({ id, inputFiles, args });
        },
      );
      if (exitCode !== 0 && exitCode !== 3 && exitCode !== 4) {
        throw new Error(`xmllint failed (${exitCode}): ${stderr}`);
      }
      const errors = stderr
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.trim().endsWith(' validates'));
      return { valid: exitCode === 0, errors: exitCode === 0 ? [] : errors };
    },
    async close() {
      await worker.terminate();
    },
  };
}
