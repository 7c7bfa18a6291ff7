import { expect } from 'vitest';
import type { TestApp, Who } from './harness';

/** Customers (fichas) that many tests create, and the one way they create one. */

/** Juan Carlos Malvado Rojas: the customer whose name, birth date and RUT the sample OFAC entries of the tests carry. */
export const JUAN_CARLOS = {
  personType: 'natural',
  dni: '12.345.678-5',
  name: 'Juan Carlos',
  fatherName: 'Malvado',
  motherName: 'Rojas',
  birthDate: '1970-03-02',
  nationality: 'CL',
} as const;

/** A Chilean person by RUT (the providers' Chilean look-ups). */
export const ANA_ROJAS_RUT = {
  personType: 'natural',
  dni: '12.345.678-5',
  dniType: { country: 'CL', document: 'RUT' },
  name: 'Ana',
  fatherName: 'Rojas',
} as const;

/** A Brazilian person by CPF (the providers' Brazilian look-ups). */
export const MARIA_CPF = {
  personType: 'natural',
  dni: '529.982.247-25',
  dniType: { country: 'BR' },
  name: 'Maria',
  fatherName: 'Souza',
} as const;

/** A Brazilian company by CNPJ (the registry look-ups). */
export const ALFA_BETA_CNPJ = {
  personType: 'legal',
  dni: '44.038.188/0001-32',
  dniType: { country: 'BR' },
  socialReason: 'Alfa & Beta Ltda',
} as const;

/** Creates a ficha (as an administrator of the Chilean demo company unless told), expects 200 and returns the answer. */
export async function postFicha(t: TestApp, payload: Record<string, unknown>, who: Who = 'admin') {
  const res = await t.post(who, '/api/fichas-clientes', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** `postFicha` for the id only. */
export async function fichaIdOf(t: TestApp, payload: Record<string, unknown>, who: Who = 'admin') {
  return (await postFicha(t, payload, who)).json().id as string;
}
