package io.structbridge.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import org.junit.jupiter.api.Test;

/**
 * The processor is found by javac (META-INF/services, module {@code provides}) and declares itself
 * isolating to Gradle, which requires exactly one originating element per generated file.
 */
class RegistrationTest {
    static final String SERVICES = "META-INF/services/javax.annotation.processing.Processor";
    static final String GRADLE = "META-INF/gradle/incremental.annotation.processors";

    static Path classesDir() throws URISyntaxException {
        return Path.of(StructProcessor.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    static List<String> lines(String text) {
        return text.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    }

    @Test
    void serviceFileNamesTheProcessor() throws Exception {
        Path dir = classesDir();
        assertTrue(Files.isDirectory(dir), dir + " (tests run against the built classes)");
        List<String> services = lines(Files.readString(dir.resolve(SERVICES)));
        assertEquals(List.of(StructProcessor.class.getName()), services);
        Class<?> named = Class.forName(services.getFirst(), false, StructProcessor.class.getClassLoader());
        assertTrue(Processor.class.isAssignableFrom(named));
        assertNotNull(named.getConstructor(), "javac needs a public no-argument constructor");
    }

    @Test
    void gradleKnowsTheProcessorIsIsolating() throws Exception {
        assertEquals(List.of(StructProcessor.class.getName() + ",isolating"),
                lines(Files.readString(classesDir().resolve(GRADLE))));
    }

    @Test
    void moduleDescriptorProvidesTheProcessor() {
        Module module = StructProcessor.class.getModule();
        if (!module.isNamed()) {
            return; // run on the class path: module-info is checked by the module-path run
        }
        ModuleDescriptor d = module.getDescriptor();
        ModuleDescriptor.Provides p = d.provides().stream()
                .filter(x -> x.service().equals(Processor.class.getName())).findFirst().orElseThrow();
        assertEquals(List.of(StructProcessor.class.getName()), p.providers());
    }

    /** When the jar has been built (mvn package/install), it carries the same registrations. */
    @Test
    void builtJarCarriesTheRegistrations() throws Exception {
        Path target = classesDir().getParent();
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(target, "structbridge-processor-*.jar")) {
            s.forEach(jars::add);
        }
        for (Path jar : jars) {
            try (JarFile j = new JarFile(jar.toFile())) {
                assertEquals(List.of(StructProcessor.class.getName()), lines(read(j, SERVICES)), jar.toString());
                assertEquals(List.of(StructProcessor.class.getName() + ",isolating"), lines(read(j, GRADLE)), jar.toString());
                assertNotNull(j.getEntry("io/structbridge/processor/StructProcessor.class"));
            }
        }
    }

    private static String read(JarFile j, String name) throws IOException {
        ZipEntry e = j.getEntry(name);
        assertNotNull(e, name);
        try (InputStream in = j.getInputStream(e)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** One generated file, as the Filer saw it. */
    record Created(String name, List<Element> origins) {}

    /** Runs the real processor with a Filer that records each file's originating elements. */
    static final class RecordingProcessor extends AbstractProcessor {
        final StructProcessor delegate = new StructProcessor();
        final List<Created> created = new ArrayList<>();
        final List<Boolean> claimed = new ArrayList<>();

        @Override
        public synchronized void init(ProcessingEnvironment env) {
            super.init(env);
            Filer real = env.getFiler();
            Filer filer = (Filer) Proxy.newProxyInstance(Filer.class.getClassLoader(), new Class<?>[] {Filer.class},
                    (proxy, method, args) -> {
                        if (method.getName().startsWith("create")) {
                            Object[] tail = (Object[]) args[args.length - 1];
                            String name = method.getName().equals("createResource")
                                    ? args[1] + "/" + args[2] : String.valueOf(args[0]);
                            List<Element> origins = new ArrayList<>();
                            for (Object o : tail) {
                                origins.add((Element) o);
                            }
                            created.add(new Created(name, origins));
                        }
                        return invoke(method, real, args);
                    });
            InvocationHandler h = (proxy, method, args) ->
                    method.getName().equals("getFiler") ? filer : invoke(method, env, args);
            delegate.init((ProcessingEnvironment) Proxy.newProxyInstance(ProcessingEnvironment.class.getClassLoader(),
                    new Class<?>[] {ProcessingEnvironment.class}, h));
        }

        private static Object invoke(Method m, Object target, Object[] args) throws Throwable {
            try {
                return m.invoke(target, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
            }
        }

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return delegate.getSupportedAnnotationTypes();
        }

        @Override
        public Set<String> getSupportedOptions() {
            return delegate.getSupportedOptions();
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return delegate.getSupportedSourceVersion();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            boolean result = delegate.process(annotations, round);
            claimed.add(result);
            return result;
        }
    }

    @Test
    void everyGeneratedFileHasExactlyOneOriginatingElementItsRecord() {
        RecordingProcessor recording = new RecordingProcessor();
        Compilation c = com.google.testing.compile.Compiler.javac().withProcessors(recording)
                .withClasspath(Compilations.CLASSPATH).withOptions(Compilations.OPTIONS)
                .compile(DeterminismTest.sources().toArray(javax.tools.JavaFileObject[]::new));
        com.google.testing.compile.CompilationSubject.assertThat(c).succeededWithoutWarnings();
        assertThat(recording.created).isNotEmpty();
        for (Created f : recording.created) {
            assertEquals(1, f.origins().size(), f.name());
            Element origin = f.origins().getFirst();
            assertThat(origin).isInstanceOf(TypeElement.class);
            String record = ((TypeElement) origin).getQualifiedName().toString();
            String flat = record.substring(2).replace('.', '_');
            assertThat(f.name()).contains(flat);
        }
        assertThat(recording.created.stream().map(Created::name).toList()).contains("p/Everything.h");
    }

    @Test
    void theProcessorClaimsNothing() {
        // Other processors may also want @Struct records (e.g. for JSON); structbridge never claims the annotation.
        RecordingProcessor recording = new RecordingProcessor();
        Compilation c = com.google.testing.compile.Compiler.javac().withProcessors(recording)
                .withClasspath(Compilations.CLASSPATH).withOptions(Compilations.OPTIONS)
                .compile(JavaFileObjects.forSourceLines("p.A", "package p;", "@io.structbridge.annotations.Struct record A(int x) {}",
                        "@io.structbridge.annotations.Union record U(int x, long y) {}"));
        com.google.testing.compile.CompilationSubject.assertThat(c).succeeded();
        assertThat(recording.claimed).isNotEmpty();
        assertThat(recording.claimed).doesNotContain(true);
        assertEquals(Set.of("io.structbridge.annotations.Struct", "io.structbridge.annotations.Union"),
                new StructProcessor().getSupportedAnnotationTypes());
    }
}
