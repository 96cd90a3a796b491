plugins {
    id 'java'
    id 'application'
}

group = 'com.example'
version = '0.1.0'

repositories {
    mavenCentral()
}

dependencies {
    implementation 'com.google.guava:guava:33.0.0-jre'
    testImplementation "junit:junit:4.13.2"
}

application {
    mainClass = 'com.example.galley.Main'
}

def greet(String name) {
    println "Hello, ${name}!"
    return name.length()
}

tasks.register('hello') {
    doLast {
        def count = greet('Galley')
        println "count: $count"
    }
}
