-- Tax-exemption applications (the TaxExemption aggregate, projected with the orders): one row
-- per customer. The certificate's name and number stay sealed under the customer's email
-- subject (`subject`): opened to show them, erased with the subject.
ALTER TABLE tax_exemptions
    ADD COLUMN kind               text,
    ADD COLUMN state              text,
    ADD COLUMN subject            text,
    ADD COLUMN business_name      jsonb,
    ADD COLUMN certificate_number jsonb,
    ADD COLUMN applied_at         timestamptz,
    ADD COLUMN decided_at         timestamptz,
    ADD COLUMN decided_by         text,
    ADD COLUMN reason             text;
CREATE INDEX tax_exemptions_pending ON tax_exemptions (applied_at) WHERE status = 'Pending';
CREATE INDEX tax_exemptions_subject ON tax_exemptions (subject);
