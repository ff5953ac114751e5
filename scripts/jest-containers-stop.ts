// Jest's global tear-down: stops the containers that jest-containers.ts started, if any.
export default async function stopContainers(): Promise<void> {
  await (globalThis as { stopTestContainers?: () => Promise<void> }).stopTestContainers?.();
}
