"""Reads universal files with pyuff (GitHub ladisk/pyuff, an independent reader) and prints, as one
JSON object per file, what bench/uff_corpus.mjs compares with mechid's reader: the dataset types in
file order and, per dataset, its counts and values. Run with PYTHONPATH pointing at pyuff's source:
  PYTHONPATH=/path/to/pyuff python3 bench/uff/pyuff_dump.py FILE... > dump.json
"""
import contextlib, io, json, sys, warnings
import numpy as np
import pyuff

warnings.simplefilter('ignore')


def floats(a):
    return [float(x) for x in np.asarray(a).ravel()]


def summary(d):
    t = d.get('type')
    s = {'type': t}
    if t == 58:
        data = np.asarray(d['data'])
        s.update(binary=int(d.get('binary', 0)), func_type=d.get('func_type'), rsp_node=d.get('rsp_node'), rsp_dir=d.get('rsp_dir'),
                 ref_node=d.get('ref_node'), ref_dir=d.get('ref_dir'), ord_data_type=d.get('ord_data_type'), num_pts=d.get('num_pts'),
                 n=int(data.size), x=floats(d['x']), re=floats(np.real(data)), im=floats(np.imag(data)) if np.iscomplexobj(data) else None,
                 ordinate_spec_data_type=d.get('ordinate_spec_data_type'), units=d.get('ordinate_axis_units_lab'),
                 id1=d.get('id1'), label=d.get('ordinate_axis_lab'), denominator_spec_data_type=d.get('orddenom_spec_data_type'),
                 denominator_label=d.get('orddenom_axis_lab'), denominator_units=d.get('orddenom_axis_units_lab'))
    elif t == 55:
        s.update(analysis_type=d.get('analysis_type'), data_type=d.get('data_type'), node_nums=floats(d['node_nums']), id4=d.get('id4'),
                 values=[[floats(np.real(d[k])), floats(np.imag(d[k]))] for k in ('r1', 'r2', 'r3', 'r4', 'r5', 'r6') if k in d])
    elif t in (15, 2411):
        s.update(node_nums=floats(d['node_nums']), x=floats(d['x']), y=floats(d['y']), z=floats(d['z']))
    elif t == 82:
        s.update(trace_num=d.get('trace_num'), nodes=floats(d['nodes']))
    elif t == 2412:
        # pyuff lists the elements by FE descriptor (integer keys); 'triangle'/'quad' repeat some of them
        s.update(elements=sum(len(v) for k, v in d.items() if isinstance(k, int)))
    elif t == 164:
        s.update(units_code=d.get('units_code'), length=d.get('length'), force=d.get('force'), temp=d.get('temp'), temp_offset=d.get('temp_offset'))
    elif t == 151:
        s.update(model_name=d.get('model_name'))
    return s


out = {}
real_stdout = sys.stdout
sys.stdout = io.StringIO()  # pyuff prints while reading some datasets
for path in sys.argv[1:]:
    entry = {}
    try:
        u = pyuff.UFF(path)
        entry['types'] = [int(t) for t in u.get_set_types()]
        sets = []
        for i in range(len(entry['types'])):
            try:
                sets.append(summary(u.read_sets(i)))
            except Exception as e:  # pyuff cannot read this dataset
                sets.append({'type': entry['types'][i], 'error': str(e).splitlines()[0] if str(e) else type(e).__name__})
        entry['sets'] = sets
    except Exception as e:
        entry['error'] = str(e).splitlines()[0] if str(e) else type(e).__name__
    out[path] = entry
sys.stdout = real_stdout
json.dump(out, sys.stdout)
