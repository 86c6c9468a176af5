-- The order of last names in the tracker: ICU at primary strength, so case and accents are
-- ignored ("Ebert" and "ébert" are equal and fall to the next key), the twin of the tracker
-- rules' Intl.Collator('en', { sensitivity: 'base' }).
CREATE COLLATION IF NOT EXISTS "applicant_name" (provider = icu, locale = 'en@colStrength=primary', deterministic = false);
