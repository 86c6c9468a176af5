// What other features use of interviews: the candidate's section on their application.
export { InterviewsSection } from './components/interviews-section';
