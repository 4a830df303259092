public protocol DependencyKey {}
