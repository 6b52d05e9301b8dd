package io.structbridge.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandleProxies;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Binds a Java functional interface to a C function through FFM, passing struct arrays and
 * segments by address (never by copy), with a pure-Java implementation as the fallback when the
 * library or symbol is missing.
 *
 * <p>Parameter mapping: a {@link StructArray} (any generated {@code RArray}) or a
 * {@link MemorySegment} becomes a pointer to its first byte; {@code byte}, {@code short},
 * {@code int}, {@code long}, {@code float}, {@code double} and {@code boolean} are passed as
 * {@code int8_t} ... {@code double} and {@code bool}. The return type is one of those primitives or
 * {@code void}. The binding is a {@link MethodHandleProxies} instance over a downcall handle: no
 * reflection per call.
 *
 * @param <F> the functional interface
 * @param function the implementation to call: native when bound, else the fallback
 * @param isNative whether the C function is bound
 * @param reason why the fallback runs ({@code ""} when native)
 */
public record NativeKernel<F>(F function, boolean isNative, String reason) {
    private static final System.Logger LOG = System.getLogger(NativeKernel.class.getName());

    /**
     * Binds {@code iface} to {@code symbol} in the shared library at {@code library}, or falls back.
     *
     * @param iface a functional interface (one abstract method)
     * @param library the path of the shared library ({@code .so}), or null for none
     * @param symbol the C function's name
     * @param fallback the Java implementation, used when the library or symbol is missing
     * @return the binding; when it falls back, one warning line says so
     * @throws IllegalArgumentException if {@code iface} is not a functional interface or uses a
     *     parameter or return type that has no C counterpart
     */
    public static <F> NativeKernel<F> bind(Class<F> iface, Path library, String symbol, F fallback) {
        Method method = abstractMethod(iface);
        FunctionDescriptor descriptor = descriptor(method);
        String why;
        if (library == null) {
            why = "no native library given";
        } else {
            try {
                SymbolLookup lookup = SymbolLookup.libraryLookup(library, Arena.global());
                Optional<MemorySegment> address = lookup.find(symbol);
                if (address.isPresent()) {
                    MethodHandle handle = Linker.nativeLinker().downcallHandle(address.get(), descriptor);
                    handle = adapt(handle, method);
                    return new NativeKernel<>(MethodHandleProxies.asInterfaceInstance(iface, handle), true, "");
                }
                why = "symbol " + symbol + " not found in " + library;
            } catch (IllegalArgumentException e) {
                why = "cannot load " + library + " (" + e.getMessage() + ")";
            }
        }
        LOG.log(System.Logger.Level.WARNING, "structbridge: " + iface.getSimpleName() + " runs on the Java fallback: " + why);
        return new NativeKernel<>(fallback, false, why);
    }

    private static Method abstractMethod(Class<?> iface) {
        if (!iface.isInterface()) {
            throw new IllegalArgumentException(iface + " is not an interface");
        }
        List<Method> found = new ArrayList<>();
        for (Method m : iface.getMethods()) {
            if (Modifier.isAbstract(m.getModifiers())) {
                found.add(m);
            }
        }
        if (found.size() != 1) {
            throw new IllegalArgumentException(iface + " must have exactly one abstract method, has " + found.size());
        }
        return found.getFirst();
    }

    private static FunctionDescriptor descriptor(Method m) {
        List<MemoryLayout> args = new ArrayList<>();
        for (Class<?> p : m.getParameterTypes()) {
            args.add(layout(p, m));
        }
        Class<?> r = m.getReturnType();
        return r == void.class ? FunctionDescriptor.ofVoid(args.toArray(MemoryLayout[]::new))
                : FunctionDescriptor.of(layout(r, m), args.toArray(MemoryLayout[]::new));
    }

    private static MemoryLayout layout(Class<?> type, Method m) {
        if (StructArray.class.isAssignableFrom(type) || type == MemorySegment.class) {
            return ValueLayout.ADDRESS;
        }
        if (type == byte.class) {
            return ValueLayout.JAVA_BYTE;
        } else if (type == short.class) {
            return ValueLayout.JAVA_SHORT;
        } else if (type == int.class) {
            return ValueLayout.JAVA_INT;
        } else if (type == long.class) {
            return ValueLayout.JAVA_LONG;
        } else if (type == float.class) {
            return ValueLayout.JAVA_FLOAT;
        } else if (type == double.class) {
            return ValueLayout.JAVA_DOUBLE;
        } else if (type == boolean.class) {
            return ValueLayout.JAVA_BOOLEAN;
        }
        throw new IllegalArgumentException(m + ": " + type.getName() + " has no C counterpart; use a struct array, "
                + "a MemorySegment or a primitive");
    }

    /** Struct arrays are passed as their segments. */
    private static MethodHandle adapt(MethodHandle handle, Method m) {
        try {
            MethodHandle segment = MethodHandles.publicLookup()
                    .findVirtual(StructArray.class, "segment", MethodType.methodType(MemorySegment.class));
            Class<?>[] params = m.getParameterTypes();
            for (int i = 0; i < params.length; i++) {
                if (StructArray.class.isAssignableFrom(params[i])) {
                    handle = MethodHandles.filterArguments(handle, i, segment.asType(MethodType.methodType(MemorySegment.class, params[i])));
                }
            }
            return handle.asType(MethodType.methodType(m.getReturnType(), params));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
