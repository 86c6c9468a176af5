/** The queries of one workspace's pipeline, under one prefix per opportunity. */
export const pipelineKeys = {
  all: (opportunityId: number) => ['client', 'pipeline', opportunityId] as const,
  phases: (opportunityId: number) => [...pipelineKeys.all(opportunityId), 'phases'] as const,
  requirements: (opportunityId: number) =>
    [...pipelineKeys.all(opportunityId), 'requirements'] as const,
  questions: (opportunityId: number) =>
    [...pipelineKeys.all(opportunityId), 'screening-questions'] as const,
};
