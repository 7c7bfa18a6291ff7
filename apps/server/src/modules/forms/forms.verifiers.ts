import type { InspectionVerifyT } from '@regcheck/shared/schemas/forms';
import type { AppDeps } from '../../plugins/context';

/**
 * Other signed documents /public/verify recognises besides the forms: a module that signs its own PDFs (the
 * inspector's file, issue 28) registers how to recognise its PDF by its SHA-256 and signature, and its zip by the
 * manifest inside. Registered when the module's jobs are registered; forms never imports those modules (no cycle).
 */
export interface DocumentVerifier {
  /** a PDF that is not a form's: the answer when the SHA-256 is one of this module's, else null */
  pdf(
    deps: AppDeps,
    pdf: { bytes: Buffer; sha256: string; signerFingerprint: string | null },
  ): Promise<InspectionVerifyT | null>;
  /** a zip (in a temporary file: it may be hundreds of MB): the answer when it carries one of this module's manifests, else null */
  zip(deps: AppDeps, file: string): Promise<InspectionVerifyT | null>;
}

const verifiers = new Map<string, DocumentVerifier>();

/** Registers (or replaces) a module's verifier under its name. */
export function registerVerifier(name: string, v: DocumentVerifier) {
  verifiers.set(name, v);
}

export function documentVerifiers(): DocumentVerifier[] {
  return [...verifiers.values()];
}
