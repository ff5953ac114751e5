// The Kubernetes manifests (deploy/kubernetes): every resource of each deployable's base and of the
// platform's overlay is valid against Kubernetes' own schemas (kubernetes-models), and each
// Deployment agrees with the rest of the repository: its port is the configuration table's, its
// probes are the kit's /healthz and /readyz, its grace outlasts the graceful stop, its environment is
// the table's variables for that deployable (the same as docker-compose's), every secret comes from
// the Secret and every required setting is in the overlay's settings. Each is a target of the
// Dockerfile, which docker-compose builds too.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Service } from 'kubernetes-models/v1/Service';
import { cutRequestsSettleMs, stopGraceMs } from '@learning/kit/service';

const root = new URL('../../', import.meta.url).pathname;
const kubernetes = join(root, 'deploy/kubernetes');
const overlay = join(kubernetes, 'platform');

type Manifest = { apiVersion: string; kind: string; metadata: { name: string; annotations?: Record<string, string> }; spec?: any };

/** Each kind the manifests use, by apiVersion/kind, as kubernetes-models makes and validates it. */
const models: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'v1/Namespace': Namespace,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
};

const readYaml = async (path: string) => parse(await readFile(path, 'utf8'));

/** The resources a kustomization names, read from their files, following the bases it names. */
async function resourcesOf(folder: string): Promise<Manifest[]> {
  const kustomization = await readYaml(join(folder, 'kustomization.yaml'));
  const manifests: Manifest[] = [];
  for (const resource of kustomization.resources as string[]) {
    const path = join(folder, resource);
    if ((await stat(path)).isDirectory()) manifests.push(...(await resourcesOf(path)));
    else manifests.push(...parseAllDocuments(await readFile(path, 'utf8')).map((document) => document.toJS() as Manifest));
  }
  return manifests;
}

const bases = (await readdir(join(kubernetes, 'base'))).sort();
const services = ['auth', 'catalog', 'media', 'exam', 'gateway'];
const remotes = ['mfe-home', 'mfe-monster', 'mfe-lessons', 'mfe-admin'];
const manifests = await resourcesOf(overlay);
const deployments = manifests.filter((manifest) => manifest.kind === 'Deployment');
const deploymentOf = (name: string) => deployments.find((deployment) => deployment.metadata.name === name)!;
const containerOf = (name: string) => deploymentOf(name).spec.template.spec.containers[0];

/** The configuration table: each variable with who uses it and its default, as docs/operating.md writes them. */
const table = await (async () => {
  const operating = await readFile(join(root, 'docs/operating.md'), 'utf8');
  const section = operating.split(/^## /m).find((part) => part.startsWith('Configuration'))!;
  const rows = new Map<string, { usedBy: string; defaultValue: string }>();
  for (const line of section.split('\n').filter((row) => row.startsWith('| `'))) {
    const [, names, usedBy, defaultValue] = line.split('|');
    for (const [, name] of names!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) rows.set(name!, { usedBy: usedBy!, defaultValue: defaultValue! });
  }
  return rows;
})();
const isUsedBy = (variable: string, deployable: string) => {
  const usedBy = table.get(variable)?.usedBy ?? '';
  return usedBy.includes(deployable) || /^\s*all\s*$|each service/.test(usedBy) || (deployable !== 'gateway' && /\bservices\b/.test(usedBy));
};

/** The environment docker-compose gives a service; its ENTRY and nginx's X-Accel-Redirect belong to one host. */
const compose = parse(await readFile(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const composeOnly = ['ENTRY', 'MEDIA_ACCEL_REDIRECT'];

const envFile = async (name: string) =>
  new Map(
    (await readFile(join(overlay, name), 'utf8'))
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
  );

it('has a base for each deployable, all in the platform overlay, each with its image named there', async () => {
  expect(bases).toEqual([...services, ...remotes].sort());
  const kustomization = await readYaml(join(overlay, 'kustomization.yaml'));
  expect(kustomization.resources).toEqual(expect.arrayContaining(bases.map((base) => `../base/${base}`)));
  expect(kustomization.images.map((image: { name: string }) => image.name).sort()).toEqual(deployments.map((deployment) => containerOf(deployment.metadata.name).image).sort());
});

it.each(manifests.map((manifest) => [`${manifest.kind} ${manifest.metadata.name}`, manifest] as const))('%s is valid against Kubernetes’ schemas', (_name, manifest) => {
  const Model = models[`${manifest.apiVersion}/${manifest.kind}`];
  expect(Model).toBeDefined();
  expect(() => new Model!(manifest).validate()).not.toThrow();
});

it.each(bases)('%s has a Service, a PodDisruptionBudget and a HorizontalPodAutoscaler on CPU for its Deployment', (name) => {
  const ofName = (kind: string) => manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);
  const labels = deploymentOf(name).spec.template.metadata.labels;
  expect(ofName('Service')!.spec.selector).toEqual(deploymentOf(name).spec.selector.matchLabels);
  expect(ofName('Service')!.spec.ports[0].targetPort).toBe('http');
  expect(ofName('PodDisruptionBudget')!.spec.selector.matchLabels).toEqual(deploymentOf(name).spec.selector.matchLabels);
  expect(labels).toMatchObject(deploymentOf(name).spec.selector.matchLabels);
  const autoscaler = ofName('HorizontalPodAutoscaler')!.spec;
  expect(autoscaler.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
  expect(autoscaler.minReplicas).toBeGreaterThanOrEqual(2);
  expect(autoscaler.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } } }]);
  // Never fewer than two while a release rolls: one stays until its successor is ready.
  expect(deploymentOf(name).spec.strategy.rollingUpdate).toEqual({ maxUnavailable: 0, maxSurge: 1 });
});

it.each(services)('%s listens on the table’s port, is probed at /healthz and /readyz, drains within its grace and is scraped', (name) => {
  const container = containerOf(name);
  const port = Number(new RegExp(`(\\d+) \\(?${name}\\)?|(\\d+) \\(${name}\\)`).exec(table.get('PORT')!.defaultValue)?.slice(1).find(Boolean));
  expect(container.ports).toEqual([{ name: 'http', containerPort: port }]);
  expect(container.env).toContainEqual({ name: 'PORT', value: String(port) });
  expect(container.env).toContainEqual({ name: 'HOST', value: '0.0.0.0' });
  expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
  expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
  expect(container.startupProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
  // The endpoints drop the pod during the preStop pause; the stop then drains within the grace.
  const pause = Number(container.lifecycle.preStop.exec.command[1]);
  expect(container.lifecycle.preStop.exec.command[0]).toBe('sleep');
  expect(deploymentOf(name).spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(pause + (stopGraceMs + cutRequestsSettleMs) / 1000 + 5);
  expect(container.resources.requests.cpu).toBeDefined();
  expect(deploymentOf(name).spec.template.metadata.annotations).toEqual({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(port), 'prometheus.io/path': '/metrics' });
});

it.each(services)('%s’s environment is the table’s variables for it, as docker-compose gives them', async (name) => {
  const env: Array<{ name: string; value?: string; valueFrom?: any }> = containerOf(name).env;
  const names = env.map((variable) => variable.name);
  expect(names.filter((variable) => !table.has(variable))).toEqual([]);
  expect(names.filter((variable) => !isUsedBy(variable, name))).toEqual([]);
  // docker-compose gives every service the settings they share; a Deployment only those its service reads.
  const composed = Object.keys(compose.services[name].environment).filter((variable) => !composeOnly.includes(variable) && isUsedBy(variable, name));
  expect([...names].sort()).toEqual(composed.sort());
  const secrets = await envFile('secrets.example.env');
  const settings = await envFile('settings.env');
  for (const variable of env) {
    const secret = variable.valueFrom?.secretKeyRef;
    const setting = variable.valueFrom?.configMapKeyRef;
    if (secret) {
      expect({ variable: variable.name, secret: secret.name, key: secret.key, listed: secrets.has(secret.key) }).toEqual({ variable: variable.name, secret: 'platform-secrets', key: variable.name, listed: true });
    } else if (setting) {
      expect({ variable: variable.name, configMap: setting.name, key: setting.key }).toEqual({ variable: variable.name, configMap: 'platform-settings', key: variable.name });
      // A required setting is the site's to give; an optional one falls back to the table's default.
      if (!setting.optional) expect({ variable: variable.name, inSettings: settings.has(variable.name) }).toEqual({ variable: variable.name, inSettings: true });
    }
  }
  // A secret never comes as a plain value or from the ConfigMap.
  const secretNames = [...secrets.keys()];
  expect(env.filter((variable) => secretNames.includes(variable.name) && !variable.valueFrom?.secretKeyRef).map((variable) => variable.name)).toEqual([]);
  expect([...settings.keys()].filter((key) => secretNames.includes(key))).toEqual([]);
});

it('runs several media instances on one bucket, with a spool of their own', () => {
  const media = containerOf('media');
  expect(media.env).toContainEqual({ name: 'MEDIA_STORAGE', value: 's3' });
  expect(media.volumeMounts).toEqual([{ name: 'spool', mountPath: '/data/media' }]);
  expect(media.env).toContainEqual({ name: 'MEDIA_FILES_DIR', value: '/data/media' });
});

it.each(remotes)('%s serves its static build on 8080, probed at /healthz and /readyz', (name) => {
  const container = containerOf(name);
  expect(container.ports).toEqual([{ name: 'http', containerPort: 8080 }]);
  expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
  expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
  const ingress = manifests.find((manifest) => manifest.kind === 'Ingress')!;
  const paths = ingress.spec.rules[0].http.paths as Array<{ path: string; backend: { service: { name: string } } }>;
  expect(paths).toContainEqual(expect.objectContaining({ path: `/remotes/${name.replace('mfe-', '')}/`, backend: { service: { name, port: { name: 'http' } } } }));
});

it('builds each deployable from a target of its own in the Dockerfile, as docker-compose does', async () => {
  const dockerfile = await readFile(join(root, 'Dockerfile'), 'utf8');
  const targets = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((match) => match[1]);
  expect(targets).toEqual(expect.arrayContaining(bases));
  for (const name of services) expect({ name, build: compose.services[name].build }).toEqual({ name, build: { context: '.', target: name } });
});

it('points the gateway at each remote’s own deployment, under the path the ingress sends to it', async () => {
  const settings = await envFile('settings.env');
  for (const name of remotes) {
    const remote = name.replace('mfe-', '');
    expect(settings.get(`REMOTE_${remote.toUpperCase()}_URL`)).toMatch(new RegExp(`^/remotes/${remote}/[^/]+/mf-manifest\\.json$`));
  }
});
