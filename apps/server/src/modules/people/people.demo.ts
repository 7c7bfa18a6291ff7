import type { PersonCreateBody } from '@regcheck/shared';
import type { AppDeps, Caller } from '../../plugins/context';
import { create, deactivatePep } from './people.service';

const DAY = 86_400_000;
const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString().slice(0, 10);

/**
 * A few people in the PEP register of the demo, so that its screens have something to show: a Chilean deputy in
 * office (a customer of the Chilean demo company) with her spouse, a Chilean whose PEP status ends in about 45
 * days, one whose status expired, a Brazilian deputy in office, a Brazilian whose status ends in about 60 days, and
 * one taken off the register. Dates relative to `now`. Created before the demo customers, so that the deputy's ficha
 * finds her in the register when it is screened at creation.
 */
export async function seedDemoPeople(deps: AppDeps, caller: Caller, now: Date) {
  const add = (b: Omit<PersonCreateBody, 'personType'>) => create(deps, caller, { personType: 'natural', ...b });
  const deputy = await add({
    country: 'CL',
    dni: '9.876.543-3',
    name: 'Camila Andrea Fernández Soto',
    pepLevel: 1,
    position: 'Diputada de la República',
    institution: 'Cámara de Diputadas y Diputados',
    officeStart: '2022-03-11',
  });
  await add({
    country: 'CL',
    dni: '16.333.444-5',
    name: 'Andrés Felipe Ortiz Lagos',
    pepLevel: 2,
    primaryPersonId: deputy.id,
    relation: 'spouse',
  });
  await add({
    country: 'CL',
    dni: '12.987.654-9',
    name: 'Hernán Patricio Ossandón Ruiz',
    pepLevel: 1,
    position: 'Delegado Presidencial Regional',
    institution: 'Delegación Presidencial Regional de Valparaíso',
    officeStart: '2022-03-11',
    // Chile: PEP one year after leaving office, so the status ends in about 45 days
    officeEnd: ago(now, 320),
  });
  await add({
    country: 'CL',
    dni: '11.222.333-9',
    name: 'Jorge Luis Pinto Saavedra',
    pepLevel: 1,
    position: 'Subsecretario de Obras Públicas',
    institution: 'Ministerio de Obras Públicas',
    officeStart: '2018-03-11',
    officeEnd: '2022-03-11',
  });
  await add({
    country: 'BR',
    dni: '987.456.789-95',
    name: 'Marcos Antônio Ribeiro',
    pepLevel: 1,
    position: 'Deputado Federal',
    institution: 'Câmara dos Deputados',
    officeStart: '2023-02-01',
  });
  await add({
    country: 'BR',
    dni: '123.333.444-15',
    name: 'Sebastião Bragança Filho',
    pepLevel: 1,
    position: 'Secretário Estadual de Fazenda',
    institution: 'Governo do Estado de Minas Gerais',
    officeStart: '2015-01-01',
    // Brazil: PEP five years after leaving office, so the status ends in about 60 days
    officeEnd: ago(now, 5 * 365 - 60),
  });
  const off = await add({
    country: 'CL',
    dni: '13.111.222-K',
    name: 'Ricardo Alberto Núñez Vera',
    pepLevel: 1,
    position: 'Alcalde',
    institution: 'Municipalidad de Temuco',
    officeStart: '2021-06-28',
  });
  await deactivatePep(deps, caller, off.id);
  return 7;
}
