/**
 * Runs a workflow's `run:` steps here as a runner would (needs, if:, expressions, env, outputs), skipping
 * the steps named. I/O: temporary files, child processes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { type Contexts, condition, interpolate, type Value } from './workflow-expressions.ts';

interface StepSpec {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string | boolean;
  env?: Record<string, string>;
}
interface JobSpec {
  needs?: string | string[];
  if?: string | boolean;
  env?: Record<string, string>;
  outputs?: Record<string, string>;
  steps: StepSpec[];
}
export interface WorkflowSpec {
  name: string;
  env?: Record<string, string>;
  jobs: Record<string, JobSpec>;
}

export interface Trigger {
  eventName: string;
  event: Record<string, Value>;
  repository: string;
  sha?: string;
  secrets: Record<string, string>;
  vars: Record<string, string>;
  /** The checkout: every step runs here. */
  cwd: string;
  /** Variables a runner's machine has (PATH, HOME) and the rehearsal's own (an API's address). */
  machineEnv: Record<string, string>;
}

export interface StepRecord {
  job: string;
  step: string;
  /** `ran` (then `outcome`), `skipped: <why>` by the caller, or `if: false`. */
  decision: string;
  outcome?: 'success' | 'failure';
  output?: string;
}
export interface JobResult {
  result: 'success' | 'failure' | 'skipped';
  outputs: Record<string, string>;
}
export interface WorkflowRun {
  steps: StepRecord[];
  jobs: Record<string, JobResult>;
  /** Every step's GITHUB_STEP_SUMMARY, in order. */
  summary: string;
}

export interface RunOptions {
  /** Why a step is not run here, or null to run it. */
  skip: (step: StepSpec, job: string) => string | null;
  /** Outputs of skipped steps, by `<job>/<step id>`: what GitHub's API would have answered. */
  standIns?: Record<string, Record<string, string>>;
}

export const stepName = (step: StepSpec): string => step.name ?? step.uses ?? step.run?.split('\n')[0] ?? '?';

export function readWorkflow(path: string): WorkflowSpec {
  return load(readFileSync(path, 'utf8')) as WorkflowSpec;
}

/** Parses a GITHUB_OUTPUT file: `name=value` lines and `name<<DELIMITER` blocks. */
export function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const block = /^([^=]+)<<(.+)$/.exec(line);
    if (block) {
      const end = lines.indexOf(block[2]!, i + 1);
      out[block[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
  }
  return out;
}

function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Runs the jobs in `needs` order, each `run:` step in bash with `-eo pipefail`, skipping what `skip` names. */
export async function runWorkflow(workflow: WorkflowSpec, trigger: Trigger, { skip, standIns = {} }: RunOptions): Promise<WorkflowRun> {
  const folder = mkdtempSync(join(tmpdir(), 'race-element-workflow-'));
  const eventPath = join(folder, 'event.json');
  writeFileSync(eventPath, JSON.stringify(trigger.event));
  const jobs: Record<string, JobResult> = {};
  const steps: StepRecord[] = [];
  let summary = '';
  const github = {
    event_name: trigger.eventName,
    event: trigger.event,
    repository: trigger.repository,
    sha: trigger.sha ?? '',
    server_url: 'https://github.com',
    run_id: '1',
    token: 'github-token-not-used-here',
  };
  const base: Contexts = {
    github,
    secrets: trigger.secrets,
    vars: trigger.vars,
    inputs: (trigger.event.inputs as Value) ?? {},
  };
  try {
    for (const [name, job] of Object.entries(workflow.jobs)) {
      const needs = typeof job.needs === 'string' ? [job.needs] : (job.needs ?? []);
      const needed = Object.fromEntries(needs.map((n) => [n, jobs[n] as unknown as Value]));
      const jobStatus = { failed: needs.some((n) => jobs[n]?.result !== 'success') };
      const workflowEnv = Object.fromEntries(Object.entries(workflow.env ?? {}).map(([k, v]) => [k, interpolate(String(v), base)]));
      const jobContexts: Contexts = { ...base, needs: needed, env: workflowEnv };
      if (!condition(job.if, jobContexts, jobStatus)) {
        jobs[name] = { result: 'skipped', outputs: {} };
        continue;
      }
      const env: Record<string, string> = { ...workflowEnv };
      for (const [k, v] of Object.entries(job.env ?? {})) env[k] = interpolate(String(v), { ...jobContexts, env });
      const stepContexts: Record<string, Value> = {};
      const status = { failed: false };
      for (const [index, step] of job.steps.entries()) {
        const contexts: Contexts = { ...jobContexts, env, steps: stepContexts };
        const record: StepRecord = { job: name, step: stepName(step), decision: 'ran' };
        steps.push(record);
        if (!condition(step.if, contexts, status)) {
          record.decision = 'if: false';
          if (step.id) stepContexts[step.id] = { outcome: 'skipped', conclusion: 'skipped', outputs: {} };
          continue;
        }
        const why = skip(step, name);
        if (why !== null) {
          record.decision = `skipped: ${why}`;
          if (step.id) stepContexts[step.id] = { outcome: 'success', conclusion: 'success', outputs: standIns[`${name}/${step.id}`] ?? {} };
          continue;
        }
        const outputFile = join(folder, `output-${name}-${index}`);
        const summaryFile = join(folder, `summary-${name}-${index}`);
        writeFileSync(outputFile, '');
        writeFileSync(summaryFile, '');
        const stepEnv: Record<string, string> = { ...env };
        for (const [k, v] of Object.entries(step.env ?? {})) stepEnv[k] = interpolate(String(v), contexts, status);
        const { code, output } = await bash(interpolate(step.run ?? '', contexts, status), trigger.cwd, {
          ...trigger.machineEnv,
          CI: 'true',
          GITHUB_ACTIONS: 'true',
          GITHUB_EVENT_NAME: trigger.eventName,
          GITHUB_EVENT_PATH: eventPath,
          GITHUB_REPOSITORY: trigger.repository,
          GITHUB_WORKSPACE: trigger.cwd,
          GITHUB_OUTPUT: outputFile,
          GITHUB_STEP_SUMMARY: summaryFile,
          ...stepEnv,
        });
        record.outcome = code === 0 ? 'success' : 'failure';
        record.output = output;
        summary += readFileSync(summaryFile, 'utf8');
        if (step.id)
          stepContexts[step.id] = {
            outcome: record.outcome,
            conclusion: record.outcome,
            outputs: parseOutputs(readFileSync(outputFile, 'utf8')),
          };
        if (code !== 0) status.failed = true;
      }
      const outputs = Object.fromEntries(
        Object.entries(job.outputs ?? {}).map(([k, v]) => [k, interpolate(String(v), { ...jobContexts, env, steps: stepContexts })]),
      );
      jobs[name] = { result: status.failed ? 'failure' : 'success', outputs };
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return { steps, jobs, summary };
}
