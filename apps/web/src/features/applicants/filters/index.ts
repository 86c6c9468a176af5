// The tracker's filter controls, for other pages that filter applicants the same way (the
// analytics explorer). An entry of its own: importing it does not load the tracker itself.
export {
  DisciplinesField,
  EligibilityField,
  EthnicitiesField,
  FilterSwitch,
  GendersField,
  InstitutionsField,
  QualificationCategoriesField,
  QualificationTypesField,
  switchLabels,
} from '../components/filter-fields';
