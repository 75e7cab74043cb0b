import { describe, expect, it } from '@jest/globals';
import { qtestlib } from '../../src/formats/qtestlib.js';
import { benchmarks, find, fixture } from './fixture.js';

const parse = (file: string) => qtestlib.parse(fixture(`qtestlib/${file}`));
const NAMES = ['BenchTest::simple()', 'BenchTest::multiple(small)', 'BenchTest::multiple(large list)', 'BenchTest::failing()'];

describe('qtestlib', () => {
  it('reads "msecs per iteration" as seconds, names data rows as Qt does, and fails a FAIL! function', () => {
    const ms = parse('generated_qt5.15.8_txt_walltime.txt');
    expect(benchmarks(ms)).toEqual(NAMES);
    expect(find(ms, 'BenchTest::simple()')).toMatchObject({ metric: 'time', unit: 's', better: 'lower', role: 'primary' });
    expect(find(ms, 'BenchTest::simple()').values[0]).toBeCloseTo(0.00028e-3, 15);
    expect(find(ms, 'BenchTest::multiple(large list)').values[0]).toBeCloseTo(0.929e-3, 12);
    expect(find(ms, 'BenchTest::failing()')).toMatchObject({ failed: 'QTestLib reported FAIL!', values: [] });
  });

  it('reads the XML logger the same', () => {
    const ms = parse('generated_qt5.15.8_xml_walltime.xml');
    expect(benchmarks(ms)).toEqual(NAMES);
    expect(find(ms, 'BenchTest::multiple(small)').values[0]).toBeCloseTo(0.000839233e-3, 15);
    expect(find(ms, 'BenchTest::failing()')).toMatchObject({ failed: 'QTestLib reported fail', values: [] });
  });

  it.each([
    ['generated_qt5.15.8_txt_callgrind.txt', 1352615],
    ['generated_qt5.15.8_xml_callgrind.xml', 1.35262e6], // the XML logger rounds to 6 digits
  ])('reads -callgrind instruction reads as deterministic instruction counts (%s), the valgrind run nested in XML', (file, large) => {
    const ms = parse(file);
    expect(benchmarks(ms)).toEqual(NAMES);
    expect(find(ms, 'BenchTest::multiple(large list)', 'instructions')).toMatchObject({
      unit: 'instructions',
      values: [large],
      role: 'primary',
      deterministic: true,
    });
    expect(find(ms, 'BenchTest::simple()', 'instructions').values).toEqual([623]);
  });

  it('reads a tag only from its attribute: a child element of that name is not text', () => {
    const xml =
      '<TestCase name="Q"><TestFunction name="f"><BenchmarkResult metric="WalltimeMilliseconds" value="0.5"><tag><i>x</i></tag></BenchmarkResult></TestFunction></TestCase>';
    expect(benchmarks(qtestlib.parse(xml))).toEqual(['Q::f()']);
  });

  it('keeps the unit of other backends: CPU ticks, events', () => {
    expect(find(parse('generated_qt5.15.8_txt_tickcounter.txt'), 'BenchTest::multiple(large list)', 'CPU ticks')).toMatchObject({
      values: [550060],
      better: 'lower',
      role: 'primary',
    });
    expect(find(parse('generated_qt5.15.8_txt_eventcounter.txt'), 'BenchTest::simple()', 'events').values).toEqual([0]);
  });
});
