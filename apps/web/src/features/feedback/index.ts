// What other features use of the feedback feature: the dialog (and its toolbar button) that
// shares applicants with colleagues, and the colleagues' answers on an application's page.
export { AskColleaguesButton, ShareDialog } from './components/share-dialog';
export { ColleagueFeedback } from './components/colleague-feedback';
