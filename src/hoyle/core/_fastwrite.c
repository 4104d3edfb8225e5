/* Writing an observation vector into the caller's float32 buffer in one call:
 * hoyle.core._fastwrite, used by hoyle.core.encoding (BitsWriter.write, write_scaled).
 *
 * Why C: an encoder's last step, putting its entries into numpy, took three or four numpy calls
 * of about half a microsecond each, as much as a whole Écarté or All Fours step's share of the
 * issue's budget (encoding at most 1.5 plain steps). Each function here does the same writing
 * as the numpy code beside it in encoding.py, entry for entry (tests/core/test_fastwrite.py),
 * and returns False without writing when the buffer is not a contiguous float32 one, so the
 * numpy code can take it. The build is optional (setup.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* A writable, C-contiguous float32 buffer of at least `need` entries, or 0 (error cleared). */
static int float_buffer(PyObject *out, Py_buffer *view, Py_ssize_t need) {
    if (PyObject_GetBuffer(out, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        return 0;
    }
    const char *fmt = view->format ? view->format : "B";
    if (view->itemsize != 4 || view->len < need * 4 ||
        !(strcmp(fmt, "f") == 0 || strcmp(fmt, "<f") == 0 || strcmp(fmt, "=f") == 0)) {
        PyBuffer_Release(view);
        return 0;
    }
    return 1;
}

/* The low `nbytes` bytes of a non-negative int, little-endian; -1 with OverflowError when it
 * does not fit (as int.to_bytes would). */
static int int_bytes(PyObject *value, unsigned char *dst, Py_ssize_t nbytes) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "bits must be an int");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t got = PyLong_AsNativeBytes(
        value, dst, nbytes,
        Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
            Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (got < 0) return -1;
    if (got > nbytes) {
        PyErr_SetString(PyExc_OverflowError, "bits has more entries than the vector");
        return -1;
    }
    return 0;
#else
    return _PyLong_AsByteArray((PyLongObject *)value, dst, (size_t)nbytes, 1, 0);
#endif
}

/* write_bits(out, bits, nbits, tail) -> bool: out[0:nbits] = the bits of `bits` (bit i is
 * entry i), out[nbits:nbits + len(tail) / 4] = tail (packed little-endian float32), the rest of
 * out untouched (BitsWriter's vectors end with the tail). */
static PyObject *write_bits(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "write_bits(out, bits, nbits, tail)");
        return NULL;
    }
    Py_ssize_t nbits = PyLong_AsSsize_t(args[2]);
    if (nbits == -1 && PyErr_Occurred()) return NULL;
    if (nbits < 0 || !PyBytes_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "nbits must be at least 0 and tail bytes");
        return NULL;
    }
    Py_ssize_t tail_len = PyBytes_GET_SIZE(args[3]);
    if (tail_len % 4) {
        PyErr_SetString(PyExc_ValueError, "tail must hold whole float32 values");
        return NULL;
    }
    Py_buffer view;
    if (!float_buffer(args[0], &view, nbits + tail_len / 4)) Py_RETURN_FALSE;
    Py_ssize_t nbytes = (nbits + 7) / 8;
    unsigned char stack[512];
    unsigned char *b = nbytes <= (Py_ssize_t)sizeof stack ? stack : PyMem_Malloc((size_t)nbytes);
    if (!b) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    PyObject *result = NULL;
    if (int_bytes(args[1], b, nbytes) < 0) goto done;
    if (nbits % 8 && (b[nbytes - 1] >> (nbits % 8))) {
        PyErr_SetString(PyExc_OverflowError, "bits has more entries than the vector");
        goto done;
    }
    float *o = (float *)view.buf;
    memset(o, 0, (size_t)nbits * 4);
    for (Py_ssize_t byte = 0; byte < nbytes; byte++) {
        unsigned v = b[byte];
        while (v) {
            o[byte * 8 + __builtin_ctz(v)] = 1.0f;
            v &= v - 1;
        }
    }
    memcpy(o + nbits, PyBytes_AS_STRING(args[3]), (size_t)tail_len);
    result = Py_True;
    Py_INCREF(result);
done:
    if (b != stack) PyMem_Free(b);
    PyBuffer_Release(&view);
    return result;
}

/* write_scaled(out, values, scales, ones) -> bool: out zeroed, out[i] = float32(values[i]) *
 * scales[i] (float32 arithmetic, as numpy's in-place product) for the values (a list), then
 * 1.0 at every index of `ones` (a list; a negative index counts from the end, as numpy's). */
static PyObject *write_scaled(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4 || !PyList_Check(args[1]) || !PyList_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "write_scaled(out, values: list, scales, ones: list)");
        return NULL;
    }
    PyObject *values = args[1], *ones = args[3];
    Py_ssize_t nvalues = PyList_GET_SIZE(values);
    Py_buffer scales;
    if (PyObject_GetBuffer(args[2], &scales, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    const char *sfmt = scales.format ? scales.format : "B";
    if (scales.itemsize != 4 || scales.len != nvalues * 4 ||
        !(strcmp(sfmt, "f") == 0 || strcmp(sfmt, "<f") == 0 || strcmp(sfmt, "=f") == 0)) {
        PyBuffer_Release(&scales);
        PyErr_SetString(PyExc_ValueError, "scales must be float32, one for each value");
        return NULL;
    }
    Py_buffer view;
    if (!float_buffer(args[0], &view, nvalues)) {
        PyBuffer_Release(&scales);
        Py_RETURN_FALSE;
    }
    Py_ssize_t size = view.len / 4;
    PyObject *result = NULL;
    /* Every index is checked before anything is written: a bad one leaves out as it was. */
    Py_ssize_t nones = PyList_GET_SIZE(ones);
    for (Py_ssize_t j = 0; j < nones; j++) {
        Py_ssize_t i = PyLong_AsSsize_t(PyList_GET_ITEM(ones, j));
        if (i == -1 && PyErr_Occurred()) goto done;
        if (i < -size || i >= size) {
            PyErr_Format(PyExc_IndexError, "index %zd is out of bounds for size %zd", i, size);
            goto done;
        }
    }
    float *o = (float *)view.buf;
    const float *per = (const float *)scales.buf;
    float staged[256];
    float *v = nvalues <= 256 ? staged : PyMem_Malloc((size_t)nvalues * sizeof(float));
    if (!v) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < nvalues; i++) {
        double d = PyFloat_AsDouble(PyList_GET_ITEM(values, i));
        if (d == -1.0 && PyErr_Occurred()) {
            if (v != staged) PyMem_Free(v);
            goto done;
        }
        v[i] = (float)d;
    }
    memset(o, 0, (size_t)size * 4);
    for (Py_ssize_t i = 0; i < nvalues; i++) o[i] = v[i] * per[i];
    if (v != staged) PyMem_Free(v);
    for (Py_ssize_t j = 0; j < nones; j++) {
        Py_ssize_t i = PyLong_AsSsize_t(PyList_GET_ITEM(ones, j));
        o[i < 0 ? i + size : i] = 1.0f;
    }
    result = Py_True;
    Py_INCREF(result);
done:
    PyBuffer_Release(&view);
    PyBuffer_Release(&scales);
    return result;
}

static PyMethodDef methods[] = {
    {"write_bits", (PyCFunction)(void (*)(void))write_bits, METH_FASTCALL,
     "write_bits(out, bits, nbits, tail) -> bool"},
    {"write_scaled", (PyCFunction)(void (*)(void))write_scaled, METH_FASTCALL,
     "write_scaled(out, values, scales, ones) -> bool"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fastwrite",
    "Writing observation vectors in one call (see hoyle.core.encoding).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fastwrite(void) { return PyModule_Create(&module); }
