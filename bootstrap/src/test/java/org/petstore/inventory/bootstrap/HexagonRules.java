package org.petstore.inventory.bootstrap;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The rules of the hexagon (DESIGN.md), written once for a root package. {@link #OF_THE_SERVICE} checks the real
 * classes; the fixture tests check the very same definitions against a small hexagon of deliberately wrong classes
 * under another root, so each rule is shown to fire.
 *
 * <p>The Maven module graph already refuses, at compile time, every dependency that points against the hexagon
 * across modules: domain on application, application on an adapter, one adapter on the other, anything on
 * bootstrap. Those are not repeated here. Each rule below guards something the module graph cannot see, and says
 * why. Annotations count as dependencies, so a framework annotation alone breaks a "depends only on" rule.
 */
final class HexagonRules {

    static final HexagonRules OF_THE_SERVICE = new HexagonRules("org.petstore.inventory");

    private static final String CONTROLLER = "io.micronaut.http.annotation.Controller";
    private static final String SERDEABLE = "io.micronaut.serde.annotation.Serdeable";

    final String domain;
    final String portInbound;
    final String portOutbound;
    final String service;
    final String httpAdapter;
    final String persistenceAdapter;
    final String commandLineAdapter;
    final String bootstrap;

    /**
     * The domain uses nothing but Java and itself. Its pom has no dependency today, so the compiler would refuse a
     * framework type; but a framework can arrive later, transitively or by a pom edit, and this rule then names
     * the class that took it in (a framework annotation on a record counts).
     */
    final ArchRule domainUsesOnlyJava;

    /**
     * The application ring (ports and services) uses nothing but Java, the domain and itself: services stay plain
     * Java, wired by bootstrap, so no {@code @Singleton} or {@code @Inject} on them. The same reasoning as for the
     * domain: the compiler guards it only as long as no framework reaches the application's classpath.
     */
    final ArchRule applicationUsesOnlyDomainAndJava;

    /** Inbound and outbound ports live in one module, so only this rule keeps them apart. */
    final ArchRule inboundPortsDoNotUseOutboundPorts;

    /** Inbound and outbound ports live in one module, so only this rule keeps them apart. */
    final ArchRule outboundPortsDoNotUseInboundPorts;

    /** Ports and services live in one module: a port that names a service would tie every adapter to it. */
    final ArchRule portsDoNotUseServices;

    /**
     * The adapter modules depend on the application module, which holds the services as well as the ports; the
     * module graph allows an adapter to call a service directly. Adapters talk to the application only through
     * its ports.
     */
    final ArchRule adaptersReachServicesOnlyThroughPorts;

    /**
     * The command-line adapter (the data commands) lives in the bootstrap module, which sees every module: the module
     * graph lets it call the persistence adapter, the HTTP adapter or the wiring directly. Like the HTTP adapter, it
     * reaches the store only through the use cases.
     */
    final ArchRule commandLineAdapterUsesNoOtherAdapterNorTheWiring;

    /**
     * For the same reason, nothing stops the command-line adapter from running SQL or speaking HTTP itself: its
     * classpath has JDBC, Flyway, Micronaut Data and Netty. Files and the terminal are its edge; the store is behind
     * the ports.
     */
    final ArchRule commandLineAdapterUsesNoHttpOrPersistenceTypes;

    /**
     * {@code java.sql} and {@code javax.sql} are part of the JDK, so every module can use them; Micronaut Data,
     * JDBC pools and Flyway are one pom line away. A controller translates HTTP to use cases: a storage-shaped type
     * in it means the controller has started doing the repository's work.
     */
    final ArchRule controllersUseNoPersistenceTypes;

    /**
     * Micronaut's HTTP types are on the persistence adapter's classpath (the Micronaut runtime brings
     * {@code micronaut-http} along). Storage knows nothing of requests, responses or status codes: the HTTP adapter
     * maps storage failures to statuses.
     */
    final ArchRule persistenceAdapterUsesNoHttpTypes;

    /**
     * Every rule the domain enforces is a {@code DomainException}, which the HTTP adapter turns into an error
     * body with the exception's message; any other exception from the domain escapes that translation. A null
     * argument is a programming error and stays one: {@code Objects.requireNonNull} calls a method, it constructs
     * nothing here. The {@code super(...)} call of an exception's own constructor is not a construction, and
     * neither is the {@code MatchException} the compiler adds to an exhaustive switch.
     */
    final ArchRule domainThrowsOnlyDomainExceptions;

    /**
     * The JSON shape of the API belongs to the HTTP adapter: a {@code @Serdeable} type anywhere else makes that
     * ring's names part of the wire contract. Bootstrap has Serde on its classpath, and any module is one pom line
     * away from it, so the module graph does not stop this.
     */
    final ArchRule wireTypesLiveInTheHttpAdapter;

    /**
     * Controllers and the implementations of outbound ports are created by the framework and reached through
     * routes or port interfaces only; nothing needs to name them, so they stay package-private.
     */
    final ArchRule controllersAndPortImplementationsArePackagePrivate;

    /**
     * Packages of one module may import each other freely as far as Maven is concerned. A loop between two
     * packages means neither can be read, moved or replaced without the other. Bytecode does not show a constant
     * the compiler inlined; {@link SourceImportCycles} reads the import lines for those.
     */
    final ArchRule noPackageCycles;

    /**
     * The persistence adapter's parts (the sub-packages of {@code adapter.persistence}: the schema and its opening,
     * the data commands' transfers) share what the adapter's own package holds and never reach into each other, so
     * that each can be read and changed alone.
     */
    final ArchRule persistencePartsDoNotUseEachOther;

    HexagonRules(String root) {
        domain = root + ".domain..";
        String application = root + ".application..";
        portInbound = root + ".application.port.inbound..";
        portOutbound = root + ".application.port.outbound..";
        service = root + ".application.service..";
        String adapters = root + ".adapter..";
        httpAdapter = root + ".adapter.http..";
        persistenceAdapter = root + ".adapter.persistence..";
        commandLineAdapter = root + ".adapter.cli..";
        bootstrap = root + ".bootstrap..";
        String domainException = root + ".domain.DomainException";

        domainUsesOnlyJava = classes().that().resideInAPackage(domain)
                .should().onlyDependOnClassesThat().resideInAnyPackage(domain, "java..")
                .as("the domain uses only Java and itself");

        applicationUsesOnlyDomainAndJava = classes().that().resideInAPackage(application)
                .should().onlyDependOnClassesThat().resideInAnyPackage(application, domain, "java..")
                .as("the application uses only Java, the domain and itself (no framework, annotations included)");

        inboundPortsDoNotUseOutboundPorts = noClasses().that().resideInAPackage(portInbound)
                .should().dependOnClassesThat().resideInAPackage(portOutbound)
                .as("inbound ports do not use outbound ports");

        outboundPortsDoNotUseInboundPorts = noClasses().that().resideInAPackage(portOutbound)
                .should().dependOnClassesThat().resideInAPackage(portInbound)
                .as("outbound ports do not use inbound ports");

        portsDoNotUseServices = noClasses().that().resideInAnyPackage(portInbound, portOutbound)
                .should().dependOnClassesThat().resideInAPackage(service)
                .as("ports do not use services");

        adaptersReachServicesOnlyThroughPorts = noClasses().that().resideInAPackage(adapters)
                .should().dependOnClassesThat().resideInAPackage(service)
                .as("adapters reach services only through ports");

        controllersUseNoPersistenceTypes = noClasses()
                .that().resideInAPackage(root + "..").and().areMetaAnnotatedWith(CONTROLLER)
                .should().dependOnClassesThat().resideInAnyPackage(
                        "java.sql..", "javax.sql..", "io.micronaut.data..", "io.micronaut.jdbc..",
                        "io.micronaut.transaction..", "org.flywaydb..", persistenceAdapter)
                .as("controllers use no persistence types");

        commandLineAdapterUsesNoOtherAdapterNorTheWiring = noClasses().that().resideInAPackage(commandLineAdapter)
                .should().dependOnClassesThat().resideInAnyPackage(httpAdapter, persistenceAdapter, bootstrap)
                .as("the command-line adapter uses no other adapter and not the wiring");

        commandLineAdapterUsesNoHttpOrPersistenceTypes = noClasses().that().resideInAPackage(commandLineAdapter)
                .should().dependOnClassesThat().resideInAnyPackage(
                        "io.micronaut.http..", "io.netty..", "java.sql..", "javax.sql..", "io.micronaut.data..",
                        "io.micronaut.jdbc..", "io.micronaut.transaction..", "org.flywaydb..")
                .as("the command-line adapter uses no HTTP or persistence types");

        persistenceAdapterUsesNoHttpTypes = noClasses().that().resideInAPackage(persistenceAdapter)
                .should().dependOnClassesThat().resideInAnyPackage("io.micronaut.http..", "io.netty..")
                .as("the persistence adapter uses no HTTP types");

        domainThrowsOnlyDomainExceptions = noClasses().that().resideInAPackage(domain)
                .should().callConstructorWhere(constructsAThrowableThatIsNotA(domainException))
                .as("the domain throws only domain exceptions");

        wireTypesLiveInTheHttpAdapter = classes()
                .that().resideInAPackage(root + "..").and().areAnnotatedWith(serdeAnnotation())
                .should().resideInAPackage(httpAdapter)
                .as("wire types (@Serdeable) live in the HTTP adapter");

        controllersAndPortImplementationsArePackagePrivate = classes()
                .that().resideInAPackage(adapters)
                .and(areMetaAnnotatedWithController().or(implementAnInterfaceIn(root + ".application.port.outbound")))
                .should().notBePublic()
                .as("controllers and outbound port implementations are package-private");

        noPackageCycles = slices().matching(root + ".(**)")
                .should().beFreeOfCycles()
                .as("no package is part of an import cycle");

        persistencePartsDoNotUseEachOther = slices().matching(root + ".adapter.persistence.(*)..")
                .should().notDependOnEachOther()
                .as("the parts of the persistence adapter do not use each other");
    }

    private static DescribedPredicate<JavaAnnotation<?>> serdeAnnotation() {
        return DescribedPredicate.describe("@Serdeable", annotation -> {
            String name = annotation.getRawType().getName();
            return name.equals(SERDEABLE) || name.startsWith(SERDEABLE + "$");
        });
    }

    private static DescribedPredicate<JavaClass> areMetaAnnotatedWithController() {
        return DescribedPredicate.describe("are controllers", javaClass -> javaClass.isMetaAnnotatedWith(CONTROLLER));
    }

    private static DescribedPredicate<JavaClass> implementAnInterfaceIn(String packageName) {
        return DescribedPredicate.describe("implement an interface of " + packageName,
                javaClass -> !javaClass.isInterface() && javaClass.getAllRawInterfaces().stream()
                        .anyMatch(implemented -> implemented.getPackageName().equals(packageName)
                                || implemented.getPackageName().startsWith(packageName + ".")));
    }

    private static DescribedPredicate<JavaConstructorCall> constructsAThrowableThatIsNotA(String allowedType) {
        return DescribedPredicate.describe("construct a Throwable that is not a " + allowedType, call -> {
            JavaClass constructed = call.getTargetOwner();
            return constructed.isAssignableTo(Throwable.class)
                    && !constructed.isAssignableTo(allowedType)
                    && !constructed.getName().equals("java.lang.MatchException")
                    && !isSuperOrThisCall(call);
        });
    }

    /** {@code super(...)} or {@code this(...)} at the start of a constructor: no new object is made. */
    private static boolean isSuperOrThisCall(JavaConstructorCall call) {
        JavaCodeUnit origin = call.getOrigin();
        if (!origin.isConstructor()) {
            return false;
        }
        JavaClass caller = origin.getOwner();
        JavaClass target = call.getTargetOwner();
        return target.equals(caller) || caller.getRawSuperclass().map(target::equals).orElse(false);
    }
}
