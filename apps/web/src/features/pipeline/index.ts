// The pipeline feature's public API: the three tabs of a workspace page (its phases, its
// eligibility requirements and its screening questions), each given the opportunity's id.
export { PhasesTab } from './components/phases-tab';
export { RequirementsTab } from './components/requirements-tab';
export { ScreeningQuestionsTab } from './components/screening-questions-tab';
export { usePhases } from './api/phases';
